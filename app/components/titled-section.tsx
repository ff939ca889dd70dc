import type * as React from "react";

/** A section whose heading names it for assistive technology (a screen's part, a dashboard card). */
export function TitledSection({
  id,
  title,
  headingClassName = "text-xl font-semibold text-slate-900",
  children,
}: {
  id: string;
  title: string;
  headingClassName?: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className={headingClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
