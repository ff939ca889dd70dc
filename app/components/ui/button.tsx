import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import type * as React from "react";
import { cn } from "~/app/lib/utils";

export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-primary-700 text-white hover:bg-primary-800",
        accent: "bg-accent-600 text-white hover:bg-accent-700",
        outline: "border border-slate-300 bg-white text-slate-900 hover:bg-slate-50",
        // A pager's dead end: dimmed by colour, not opacity, so the label keeps a 4.5:1 contrast.
        outlineDisabled: "pointer-events-none border border-slate-200 bg-white text-slate-500",
        ghost: "text-slate-700 hover:bg-slate-100",
        // On a dark band.
        ghostInverted: "text-white hover:bg-white/10",
        // A table row's delete, quieter than a destructive button.
        ghostDanger: "text-red-700 hover:bg-slate-100",
        destructive: "bg-red-700 text-white hover:bg-red-800",
        link: "text-primary-700 underline-offset-4 hover:underline",
      },
      size: {
        default: "h-10 px-4 py-2 text-sm",
        sm: "h-9 px-3 text-sm",
        lg: "h-11 px-6 text-base",
        icon: "size-10 text-sm",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export type ButtonProps = React.ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & { asChild?: boolean };

export function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : "button";
  return <Comp className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
