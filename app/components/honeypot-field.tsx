/**
 * The field only bots fill in (`website`): off-screen, skipped by the keyboard and by screen
 * readers. A post that fills it is answered as if it worked and stored nowhere.
 */
export function HoneypotField({ id, label }: { id: string; label: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={id}>{label}</label>
      <input id={id} name="website" type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
