import type * as React from "react";
import { cn } from "~/app/lib/utils";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  type CardTitleSize,
} from "./ui/card";

/**
 * A card with a heading (an optional icon before it, an optional line under it, and whatever
 * `aside` puts beside them, such as a link) over its content.
 */
export function TitledCard({
  icon,
  title,
  description,
  descriptionTestId,
  aside,
  headerLayout,
  titleSize,
  titleClassName,
  contentClassName,
  children,
  ...card
}: {
  icon?: React.ReactNode;
  title: React.ReactNode;
  description?: React.ReactNode;
  descriptionTestId?: string;
  aside?: React.ReactNode;
  headerLayout?: React.ComponentProps<typeof CardHeader>["layout"];
  titleSize?: CardTitleSize;
  titleClassName?: string;
  contentClassName?: string;
} & Omit<React.ComponentProps<"div">, "title">) {
  return (
    <Card {...card}>
      <CardHeader layout={headerLayout}>
        <CardTitle
          size={titleSize}
          className={cn(icon ? "flex items-center gap-2" : undefined, titleClassName)}
        >
          {icon}
          {title}
        </CardTitle>
        {description ? (
          <CardDescription data-testid={descriptionTestId}>{description}</CardDescription>
        ) : null}
        {aside}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
