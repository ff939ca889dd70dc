import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "~/app/lib/utils";

const alertVariants = cva("rounded-lg border p-4 text-sm", {
  variants: {
    tone: {
      info: "border-blue-200 bg-blue-50 text-blue-900",
      success: "border-green-200 bg-green-50 text-green-900",
      warning: "border-amber-200 bg-amber-50 text-amber-950",
      error: "border-red-200 bg-red-50 text-red-900",
    },
  },
  defaultVariants: { tone: "info" },
});

export function Alert({
  className,
  tone,
  title,
  children,
  ...props
}: Omit<React.ComponentProps<"div">, "title"> &
  VariantProps<typeof alertVariants> & { title?: React.ReactNode }) {
  const live = tone === "error" ? "alert" : "status";
  return (
    <div role={live} className={cn(alertVariants({ tone }), className)} {...props}>
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className={title ? "mt-1" : undefined}>{children}</div> : null}
    </div>
  );
}
