import { createElement, type ReactNode, type Ref, type SVGAttributes } from "react";

/**
 * The icons of lucide-react, drawn for less.
 *
 * lucide-react builds every icon on every render: it reads a context, merges class lists, copies
 * its attributes three times and makes a React element for each path. A signed-in page shows 30–60
 * icons, and those ~100 elements were a tenth of its render. This module takes the place of
 * lucide-react's own `createLucideIcon` (vite.config.ts points the package's import here): each
 * icon's paths are written once, as markup, when its module loads, and each render is one <svg>
 * with that markup inside. The classes are lucide's (`lucide lucide-<name>`), 24 × 24, and
 * `aria-hidden` unless the icon is labelled; lucide's stroke (2, round, the text's colour, no
 * fill) is set once for every icon by the stylesheet. We use none of lucide's
 * context, `absoluteStrokeWidth` or `nonScalingStroke`, so they are not supported.
 */
type IconNode = [tag: string, attributes: Record<string, string | number>][];
type IconData = { name: string; node: IconNode; aliases?: string[] };
type IconProps = SVGAttributes<SVGSVGElement> & {
  size?: string | number;
  ref?: Ref<SVGSVGElement>;
  children?: ReactNode;
};

const escapeAttribute = (value: string | number) =>
  String(value).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

function markupOf(node: IconNode): string {
  return node
    .map(([tag, attributes]) => {
      let out = `<${tag}`;
      for (const [name, value] of Object.entries(attributes)) {
        if (name !== "key") out += ` ${name}="${escapeAttribute(value)}"`;
      }
      return `${out}></${tag}>`;
    })
    .join("");
}

function isLabelled(props: Record<string, unknown>): boolean {
  for (const name in props) {
    if ((name.startsWith("aria-") || name === "role" || name === "title") && props[name] != null)
      return true;
  }
  return false;
}

export default function createLucideIcon(data: IconData | string, legacyNode: IconNode = []) {
  const icon: IconData = typeof data === "string" ? { name: data, node: legacyNode } : data;
  const markup = { __html: markupOf(icon.node) };
  const ownClasses = [
    "lucide",
    `lucide-${icon.name}`,
    ...(icon.aliases ?? []).map((a) => `lucide-${a}`),
  ].join(" ");
  function Icon({
    size = 24,
    color = "currentColor",
    strokeWidth = 2,
    className,
    width,
    height,
    children,
    ...rest
  }: IconProps) {
    // lucide's fill, stroke and line caps come from the stylesheet (`svg.lucide`, app/app.css),
    // not from five attributes on each of a page's 30-60 icons; a colour or width other than
    // lucide's own goes in the style attribute, which the stylesheet does not override.
    const custom =
      color !== "currentColor" || strokeWidth !== 2 ? { stroke: color, strokeWidth } : undefined;
    const attributes = {
      width: width ?? size,
      height: height ?? size,
      viewBox: "0 0 24 24",
      className: className ? `${ownClasses} ${className}` : ownClasses,
      ...(children || isLabelled(rest) ? {} : { "aria-hidden": "true" as const }),
      ...rest,
      ...(custom ? { style: { ...custom, ...rest.style } } : {}),
    };
    // A child (a <title>, say) cannot sit beside inner markup: draw the paths as elements then.
    if (children)
      return createElement(
        "svg",
        attributes,
        ...icon.node.map(([tag, { key, ...pathAttributes }]) =>
          createElement(tag, { key, ...pathAttributes }),
        ),
        children,
      );
    return createElement("svg", { ...attributes, dangerouslySetInnerHTML: markup });
  }
  Icon.displayName = icon.name;
  return Icon;
}
