import { cn } from "~/app/lib/utils";

// Typography for server-rendered, sanitized HTML (news posts, legal pages, the CMS preview).
const PROSE =
  "max-w-none text-slate-800 leading-relaxed [&_a]:text-primary-700 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-4 [&_blockquote]:italic [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-slate-900 [&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-900 [&_h4]:mt-4 [&_h4]:font-semibold [&_hr]:my-8 [&_img]:my-4 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_li]:my-1 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-3 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-100 [&_pre]:p-3 [&_table]:my-4 [&_table]:w-full [&_table]:text-sm [&_td]:border [&_td]:border-slate-200 [&_td]:p-2 [&_th]:border [&_th]:border-slate-200 [&_th]:bg-slate-50 [&_th]:p-2 [&_th]:text-left [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6";

/** Renders HTML that the server has already sanitized (renderMarkdown). Never pass raw input. */
export function Prose({
  html,
  className,
  ...props
}: { html: string; className?: string } & Omit<React.ComponentProps<"div">, "children">) {
  return (
    <div className={cn(PROSE, className)} {...props} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
