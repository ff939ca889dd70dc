import { type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/app/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/app/components/ui/dialog";

/**
 * The quote form in a box over the page, open from the moment it is shown: the page loads this
 * module when the visitor first reaches for its button (outsourcing.tsx) and shows it in the
 * button's place.
 */
export function QuoteDialog({
  triggerLabel,
  testId,
  closeLabel,
  children,
}: {
  triggerLabel: string;
  testId: string;
  closeLabel: string;
  children: ReactNode;
}) {
  const { t } = useTranslation("outsourcing");
  return (
    <Dialog defaultOpen>
      <DialogTrigger asChild>
        <Button variant="accent" size="lg" data-testid={testId}>
          {triggerLabel}
        </Button>
      </DialogTrigger>
      {/* The dialog itself takes focus on open, not the name field: leaving an untouched name field
          shows "Please enter your name" under it, and that line, appearing between pressing and
          releasing the mouse on a service, moved the box under the pointer and lost the click. */}
      <DialogContent
        closeLabel={closeLabel}
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          (event.currentTarget as HTMLElement | null)?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t("form.dialogTitle")}</DialogTitle>
          <DialogDescription>{t("form.dialogDescription")}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}
