import type * as React from "react";
import { cn } from "~/app/lib/utils";

// The building blocks of the public marketing pages (home, about, services, the home sections),
// so each page says what it shows instead of repeating the same headings and bands.

/** A section's heading: the element its `aria-labelledby` names. */
export function SectionTitle({
  id,
  as: Heading = "h2",
  className,
  children,
}: {
  id: string;
  as?: "h2" | "h3";
  /** Its colour on a dark band. */
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Heading id={id} className={cn("text-2xl font-bold", className ?? "text-slate-900")}>
      {children}
    </Heading>
  );
}

/** A section's heading with the line that introduces it. */
export function SectionHeader({
  id,
  as,
  title,
  intro,
  introClassName = "max-w-2xl",
}: {
  id: string;
  as?: "h2" | "h3";
  title: React.ReactNode;
  intro?: React.ReactNode;
  /** Width of the intro line. */
  introClassName?: string;
}) {
  return (
    <div className="grid gap-2">
      <SectionTitle id={id} as={as}>
        {title}
      </SectionTitle>
      {intro ? <p className={cn("text-slate-700", introClassName)}>{intro}</p> : null}
    </div>
  );
}

/** The dark band that opens a page: eyebrow, title, lead, then whatever the page adds. */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow: React.ReactNode;
  title: React.ReactNode;
  lead: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <section className="bg-primary-900 text-white">
      <div className="mx-auto grid max-w-6xl gap-4 px-4 py-14 sm:py-20">
        <p className="text-sm font-semibold tracking-wide text-primary-100 uppercase">{eyebrow}</p>
        <h1 className="max-w-3xl text-3xl font-bold sm:text-4xl">{title}</h1>
        <p className="max-w-3xl text-lg text-slate-100">{lead}</p>
        {children}
      </div>
    </section>
  );
}

/**
 * The blue band that opens a page with a form or a quote to ask for (contact, outsourcing):
 * eyebrow, title, lead, then what the page adds; `tall` for a page that sells (more room, a
 * bigger title).
 */
export function HeroBand({
  eyebrow,
  title,
  lead,
  tall,
  children,
}: {
  eyebrow: React.ReactNode;
  title: React.ReactNode;
  lead: React.ReactNode;
  tall?: boolean;
  children?: React.ReactNode;
}) {
  return (
    <section className="bg-primary-800 text-white">
      <div className={cn("mx-auto max-w-6xl px-4 py-12", tall ? "sm:py-20" : "sm:py-16")}>
        <p className="text-sm font-semibold tracking-wide text-primary-100 uppercase">{eyebrow}</p>
        <h1
          className={
            tall
              ? "mt-2 max-w-3xl text-3xl font-bold sm:text-5xl"
              : "mt-2 text-3xl font-bold sm:text-4xl"
          }
        >
          {title}
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-primary-50">{lead}</p>
        {children}
      </div>
    </section>
  );
}

/** The boxed call to action that closes a page: a heading, a line, and the page's buttons. */
export function CallToAction({
  id,
  title,
  body,
  bodyClassName,
  children,
}: {
  id: string;
  title: React.ReactNode;
  body: React.ReactNode;
  bodyClassName?: string;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="mx-auto grid w-full max-w-6xl gap-4 rounded-2xl bg-primary-50 p-8"
    >
      <SectionTitle id={id}>{title}</SectionTitle>
      <p className={cn("text-slate-700", bodyClassName)}>{body}</p>
      {children}
    </section>
  );
}

/**
 * One figure of a list of figures (inside a <dl>): the number stands above its label on screen,
 * while a screen reader reads the label first.
 */
export function Figure({
  label,
  value,
  className,
  labelClassName = "text-primary-100",
  valueClassName = "text-2xl",
}: {
  label: string;
  value: React.ReactNode;
  className?: string;
  labelClassName?: string;
  valueClassName?: string;
}) {
  return (
    <div className={cn("grid gap-1", className)}>
      <dt className={cn("order-2 text-sm", labelClassName)}>{label}</dt>
      <dd className={cn("order-1 font-bold", valueClassName)}>{value}</dd>
    </div>
  );
}

/** A card's 16:9 picture, loaded when it comes near the screen; decorative (the card says it). */
export function CardImage({ src, className }: { src: string; className?: string }) {
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      width={640}
      height={360}
      className={cn("aspect-video w-full object-cover", className)}
    />
  );
}
