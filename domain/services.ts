export const SERVICE_SLUGS = [
  "job-recruitment",
  "student-placement",
  "visa-assistance",
  "interview-preparation",
  "document-support",
  "application-tracking",
] as const;
export type ServiceSlug = (typeof SERVICE_SLUGS)[number];

export function isServiceSlug(value: string): value is ServiceSlug {
  return (SERVICE_SLUGS as readonly string[]).includes(value);
}
