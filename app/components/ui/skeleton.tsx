import type * as React from "react";
import { cn } from "~/app/lib/utils";

export function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("animate-pulse rounded-md bg-slate-200", className)} {...props} />;
}
