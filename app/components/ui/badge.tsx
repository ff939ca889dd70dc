import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "~/app/lib/utils";

// Status colours mean the same everywhere: green done, amber waiting on the applicant,
// blue in progress, red problem.
export const badgeVariants = cva(
  "inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-medium",
  {
    variants: {
      tone: {
        neutral: "border-slate-200 bg-slate-100 text-slate-800",
        success: "border-green-200 bg-green-50 text-green-800",
        waiting: "border-amber-200 bg-amber-50 text-amber-900",
        progress: "border-blue-200 bg-blue-50 text-blue-800",
        danger: "border-red-200 bg-red-50 text-red-800",
        purple: "border-purple-200 bg-purple-50 text-purple-800",
        orange: "border-orange-200 bg-orange-50 text-orange-900",
      },
    },
    defaultVariants: { tone: "neutral" },
  },
);

export function Badge({
  className,
  tone,
  ...props
}: React.ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ tone }), className)} {...props} />;
}
