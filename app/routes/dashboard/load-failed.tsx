import { Alert } from "~/app/components/ui/alert";

/** What a dashboard page shows, in the shell, when its data could not be loaded. */
export function LoadFailed({ title, body }: { title: string; body: string }) {
  return (
    <Alert tone="error" title={title}>
      {body}
    </Alert>
  );
}
