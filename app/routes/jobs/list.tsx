import { ComingSoon } from "~/app/components/coming-soon";
import { pageMeta } from "~/app/lib/seo";

export const meta = () => pageMeta({ title: "Find Jobs" });

export default function Page() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold">Find Jobs</h1>
      <ComingSoon />
    </div>
  );
}
