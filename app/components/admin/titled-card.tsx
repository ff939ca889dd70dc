import type { ReactNode } from "react";
import {
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  CardDescription,
} from "~/app/components/ui/card";

/**
 * A panel of a staff screen: a card with its title (and a line under it, and whatever `aside`
 * puts beside them, such as a link) over its content.
 */
export function TitledCard({
  title,
  description,
  descriptionTestId,
  aside,
  headerClassName,
  contentClassName,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  descriptionTestId?: string;
  aside?: ReactNode;
  headerClassName?: string;
  contentClassName?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className={headerClassName}>
        <CardTitle>{title}</CardTitle>
        {description ? (
          <CardDescription data-testid={descriptionTestId}>{description}</CardDescription>
        ) : null}
        {aside}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
