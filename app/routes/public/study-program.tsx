import { AwardIcon, FileTextIcon } from "lucide-react";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import {
  AlreadyApplied,
  DetailBackLink,
  DetailColumns,
  DetailLists,
  DetailNotFound,
  DetailText,
  SignInToApply,
} from "~/app/components/detail-page";
import { DoneFlash, Flash } from "~/app/components/flash";
import { CountryFlag } from "~/app/components/country-flag";
import { JsonLd } from "~/app/components/json-ld";
import { Form, Link } from "~/app/components/localized";
import { durationText } from "~/app/components/program-card";
import { TitledCard } from "~/app/components/titled-card";
import { Alert } from "~/app/components/ui/alert";
import { Badge } from "~/app/components/ui/badge";
import { Button, buttonVariants } from "~/app/components/ui/button";
import { i18nHandle } from "~/app/i18n/namespaces";
import { lazyComponent } from "~/app/lib/lazy-component";
import { paymentRequiredFor } from "~/app/lib/payment-required";
import { publicPageMeta, summary } from "~/app/lib/seo";
import { useRootData } from "~/app/lib/root-data";
import { isStaff } from "~/domain/enums";
import { calendarDay, formatDate } from "~/domain/format";
import { formatIntake, formatTuition } from "~/domain/program-search";
import { findOwnProgramApplications } from "~/server/applications/apply-program.server";
import { getViewer, requireApplicant } from "~/server/auth/guards.server";
import { getSiteSettings } from "~/server/settings/settings.server";
import { registrationPolicyOf } from "~/server/fees/cost-sheet.server";
import { chargesUpFront } from "~/domain/fee-policy";
import { requestLanguage } from "~/app/i18n/i18n.server";
import { documentTypeNamesIn } from "~/server/documents/document-types.server";
import { getProgramForViewer, type ProgramDetail } from "~/server/programs/listing.server";
import type { Route } from "./+types/study-program";
import type { IntentArgs } from "~/app/lib/intent-action.server";
import { runIntent } from "~/app/lib/intent-action.server";
import type { Viewer } from "~/server/auth/guards.server";
import { applyToThisProgram, switchToStudent } from "./study-program.server";

export const handle = i18nHandle("study");

const signInHref = (id: string) => `/auth?redirectTo=${encodeURIComponent(`/study/${id}`)}`;

// The apply form (Conform, its fields) is code only a student who may apply runs: a visitor's
// first visit never downloads it (see app/routes/jobs/detail.tsx).
const applyForm = lazyComponent(() => import("./study-apply-form").then((m) => m.ProgramApplyForm));

export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  const program = await getProgramForViewer({ viewer, id: params.id });
  if (!program) {
    return data(
      { program: null, applied: [], feeRequired: false, documentNames: [] as string[] },
      { status: 404 },
    );
  }
  const [applied, settings, policy, names] = await Promise.all([
    viewer ? findOwnProgramApplications({ viewer, programId: program.id }) : [],
    getSiteSettings(),
    viewer ? registrationPolicyOf(viewer.id, undefined, "study") : null,
    requestLanguage(request).then(documentTypeNamesIn),
    viewer ? applyForm.preload() : null,
  ]);
  // A fee first only when programs ask for it and the reader's policy for study charges one up
  // front (decision record 33): under no fee there is no payment step.
  const feeRequired = settings.study.requireFee && policy !== null && chargesUpFront(policy);
  // In the page's language (the page is kept per address and language).
  const documentNames = program.requiredDocuments.map((d) => names[d] ?? d);
  return { program, applied, feeRequired, documentNames };
}

/**
 * intent "apply": a student applies for an intake (once per program and intake; the fee rule of
 * the site settings and their office's policy for study). intent "switch-role": a job seeker becomes a student applicant first.
 */
export const action = ({ request, params }: Route.ActionArgs) =>
  runIntent(
    request,
    requireApplicant,
    {
      apply: (args: IntentArgs<Viewer>) => applyToThisProgram(args, params.id),
      "switch-role": switchToStudent,
    },
    // The Apply form posts no intent.
    { main: "apply", unknown: "apply.errors.unavailable" },
  );

/** The confirmations after a redirect (?done=…), keys of the study namespace. */
const DONE = { applied: "apply.submitted", switched: "apply.switched" };

export const meta: Route.MetaFunction = publicPageMeta(({ data }, t) => {
  const program = data?.program;
  if (!program) return { title: t("study:meta.detail.notFound"), noindex: true };
  return {
    title: t("study:meta.detail.titleIn", {
      title: program.title,
      university: program.university,
      country: program.countryName,
    }),
    description: t("study:meta.detail.descriptionIn", {
      country: program.countryName,
      description: summary(program.description, 130),
    }),
    path: `/study/${program.id}`,
    noindex: !program.listed,
  };
});

/** schema.org EducationalOccupationalProgram, so search engines can show the program. */
function programLd(program: ProgramDetail, levelName: string, agencyName: string, baseUrl: string) {
  const ld: Record<string, unknown> = {
    "@context": "https://schema.org/",
    "@type": "EducationalOccupationalProgram",
    name: program.title,
    description: program.description,
    url: `${baseUrl}/study/${program.id}`,
    educationalCredentialAwarded: levelName,
    timeToComplete: `P${program.durationMonths}M`,
    inLanguage: program.languageOfInstruction,
    provider: {
      "@type": "CollegeOrUniversity",
      name: program.university,
      address: {
        "@type": "PostalAddress",
        addressLocality: program.city,
        addressCountry: program.countryCode,
      },
    },
    offers: {
      "@type": "Offer",
      category: "Tuition",
      price: program.tuitionAmount,
      priceCurrency: program.tuitionCurrency,
      offeredBy: { "@type": "Organization", name: agencyName, url: baseUrl },
    },
  };
  if (program.intakes.length) ld.startDate = program.intakes[0];
  if (program.applicationDeadline) ld.applicationDeadline = program.applicationDeadline;
  if (program.entryRequirements.length) ld.programPrerequisites = program.entryRequirements;
  return ld;
}

export default function StudyProgramPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("study");
  const { settings, baseUrl, viewer } = useRootData();
  const { program, applied, feeRequired, documentNames } = loaderData;
  const lng = i18n.language;

  if (!program) {
    return (
      <DetailNotFound
        title={t("detail.notFound")}
        body={t("detail.notFoundBody")}
        listHref="/study"
        browse={t("detail.browse")}
      />
    );
  }

  const levelName = t(`labels.programLevel.${program.level}`, { ns: "common" });
  const facts: [string, React.ReactNode][] = [
    [t("detail.university"), program.university],
    [
      t("detail.location"),
      <CountryFlag key="c" code={program.countryCode}>
        {program.city}, {program.countryName}
      </CountryFlag>,
    ],
    [t("detail.level"), levelName],
    [t("detail.field"), t(`labels.fieldOfStudy.${program.fieldOfStudy}`, { ns: "common" })],
    [t("detail.duration"), durationText(program.durationMonths, t)],
    [t("detail.language"), program.languageOfInstruction],
    [
      t("detail.tuition"),
      t("card.tuitionPerYear", {
        amount: formatTuition(program.tuitionAmount, program.tuitionCurrency, lng),
      }),
    ],
    [
      t("detail.intakes"),
      program.intakes.length
        ? program.intakes.map((d) => formatIntake(d, lng)).join(" · ")
        : t("card.intakesTba"),
    ],
  ];
  if (program.applicationDeadline) {
    facts.push([
      t("detail.deadline"),
      formatDate(calendarDay(program.applicationDeadline), lng, "longDate"),
    ]);
  }

  // Intakes still open to choose (not yet applied for), today on.
  const today = new Date().toISOString().slice(0, 10);
  const taken = new Set(applied.map((a) => a.intake));
  const upcoming = program.intakes.filter((d) => d >= today && !taken.has(d));

  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8">
      {program.listed ? (
        <JsonLd data={programLd(program, levelName, settings.agencyName, baseUrl)} />
      ) : null}
      <DetailBackLink to="/study">{t("detail.back")}</DetailBackLink>
      {!program.listed ? <Alert tone="warning">{t("detail.offNotice")}</Alert> : null}
      <DoneFlash ns="study" messages={DONE} className="" />
      <Flash ns="study" flash={actionData?.flash} className="" />

      <DetailColumns
        aside={
          <TitledCard title={t("apply.title")} contentClassName="grid gap-3">
            {!program.listed ? (
              <p className="text-sm text-slate-700">{t("apply.closed")}</p>
            ) : !viewer ? (
              <SignInToApply
                href={signInHref(program.id)}
                note={t("apply.signInFirst")}
                label={t("apply.submit")}
              />
            ) : isStaff(viewer.role) ? (
              <p className="text-sm text-slate-700">{t("apply.staffNote")}</p>
            ) : viewer.role !== "student_applicant" ? (
              <Form method="post" className="grid gap-3">
                <p className="text-sm text-slate-700">{t("apply.switchOffer")}</p>
                <input type="hidden" name="intent" value="switch-role" />
                <Button type="submit" variant="accent">
                  {t("apply.switchButton")}
                </Button>
              </Form>
            ) : (
              <>
                {applied.length ? (
                  <AlreadyApplied
                    title={t("apply.alreadyTitle")}
                    body={t("apply.alreadyBody", {
                      intakes: applied.map((a) => formatIntake(a.intake, lng)).join(", "),
                    })}
                    link={t("apply.viewApplications")}
                  />
                ) : null}
                {upcoming.length === 0 ? (
                  <p className="text-sm text-slate-700">{t("apply.noIntakes")}</p>
                ) : feeRequired && !viewer.registrationFeePaid ? (
                  <>
                    <p className="text-sm text-slate-700">{t("apply.feeFirst")}</p>
                    <Link
                      to={paymentRequiredFor(`/study/${program.id}`)}
                      className={buttonVariants({ variant: "accent" })}
                    >
                      {t("apply.payFee")}
                    </Link>
                  </>
                ) : (
                  <Suspense>
                    <applyForm.Component intakes={upcoming} lastResult={actionData?.result} />
                  </Suspense>
                )}
              </>
            )}
          </TitledCard>
        }
      >
        <header className="grid gap-3">
          <div className="flex flex-wrap gap-2">
            <Badge>{levelName}</Badge>
            {program.scholarship ? (
              <Badge tone="success">
                <AwardIcon aria-hidden className="size-3" />
                {t("card.scholarship")}
              </Badge>
            ) : null}
          </div>
          <h1 className="text-3xl font-bold text-slate-900">{program.title}</h1>
        </header>

        <section aria-labelledby="program-facts" className="grid gap-3">
          <h2 id="program-facts" className="sr-only">
            {t("detail.facts")}
          </h2>
          <dl className="grid gap-x-6 gap-y-3 rounded-xl border border-slate-200 bg-white p-4 text-sm sm:grid-cols-2">
            {facts.map(([label, value]) => (
              <div key={label} className="grid gap-0.5">
                <dt className="text-slate-600">{label}</dt>
                <dd className="font-medium text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
        </section>

        <DetailText id="program-about" title={t("detail.about")} text={program.description} />

        <DetailLists
          empty={t("detail.noneListed")}
          lists={[
            {
              id: "program-requirements",
              title: t("detail.entryRequirements"),
              items: program.entryRequirements,
            },
            {
              id: "program-documents",
              title: t("detail.requiredDocuments"),
              hint: t("detail.requiredDocumentsHint"),
              items: documentNames,
              Icon: FileTextIcon,
            },
          ]}
        />
        {program.scholarship && program.scholarshipDetails ? (
          <section aria-labelledby="program-scholarship" className="grid gap-2">
            <h2 id="program-scholarship" className="text-xl font-semibold text-slate-900">
              {t("detail.scholarshipTitle")}
            </h2>
            <p className="text-slate-800">{program.scholarshipDetails}</p>
          </section>
        ) : null}
      </DetailColumns>
    </div>
  );
}
