import type { ReactNode } from "react";
import { Card } from "~/app/components/ui/card";

/** The header cells of a plain table, one a column. */
export function HeadCells({ columns }: { columns: ReactNode[] }) {
  return columns.map((column, i) => (
    <th key={i} scope="col" className="px-4 py-3 font-medium">
      {column}
    </th>
  ));
}

/** The table of a list on wider screens; on phones (below md) the list shows cards instead. */
export function WideTable({
  caption,
  columns,
  testId,
  children,
}: {
  caption: string;
  columns: ReactNode[];
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card className="hidden overflow-x-auto md:block">
      <table className="w-full text-left text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
          <tr>
            <HeadCells columns={columns} />
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </Card>
  );
}
