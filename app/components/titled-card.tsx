import type * as React from "react";
import { cn } from "~/app/lib/utils";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "./ui/card";

/** A card with a heading (an optional icon before it, an optional line under it) over its content. */
export function TitledCard({
  icon,
  title,
  description,
  titleClassName,
  contentClassName,
  children,
  ...card
}: {
  icon?: React.ReactNode;
  title: React.ReactNode;
  description?: React.ReactNode;
  titleClassName?: string;
  contentClassName?: string;
} & Omit<React.ComponentProps<"div">, "title">) {
  return (
    <Card {...card}>
      <CardHeader>
        <CardTitle className={cn(icon ? "flex items-center gap-2" : undefined, titleClassName)}>
          {icon}
          {title}
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
