CREATE TABLE "document_types" (
	"key" text PRIMARY KEY NOT NULL,
	"names" jsonb NOT NULL,
	"guidance" jsonb NOT NULL,
	"formats" text[] NOT NULL,
	"expires" boolean DEFAULT false NOT NULL,
	"validity_months" integer,
	"sensitive" boolean DEFAULT false NOT NULL,
	"certified_copy" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" ALTER COLUMN "document_type" SET DATA TYPE text USING "document_type"::text;--> statement-breakpoint
ALTER TABLE "programs" ALTER COLUMN "required_documents" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "programs" ALTER COLUMN "required_documents" SET DATA TYPE text[] USING "required_documents"::text[];--> statement-breakpoint
ALTER TABLE "programs" ALTER COLUMN "required_documents" SET DEFAULT '{}'::text[];--> statement-breakpoint
ALTER TABLE "document_types" ADD CONSTRAINT "document_types_updated_by_profiles_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
DROP TYPE "public"."document_type";--> statement-breakpoint
-- Document types as data (issue 42, decision record 40): the eight kinds the document_type enum
-- held (same keys, so every stored document keeps its type) and six more. Names and guidance are
-- in the three languages; admins change them at /admin/document-types.
INSERT INTO "document_types" ("key", "names", "guidance", "formats", "expires", "validity_months", "sensitive", "certified_copy", "sort_order") VALUES
('passport', '{"en": "Passport", "fr": "Passeport", "pt": "Passaporte"}'::jsonb, '{"en": "The page with your photo and details, sharp and whole. It must stay valid for at least six months after you plan to travel.", "fr": "La page avec votre photo et vos informations, nette et entière. Il doit rester valide au moins six mois après la date prévue de votre départ.", "pt": "A página com a sua fotografia e dados, nítida e completa. Deve continuar válido pelo menos seis meses depois da data prevista da viagem."}'::jsonb, ARRAY['pdf','jpeg','png']::text[], true, NULL, false, false, 10),
('cv', '{"en": "CV/Resume", "fr": "CV", "pt": "CV/Currículo"}'::jsonb, '{"en": "Your work history and education, newest first, with dates and how to reach you.", "fr": "Votre parcours professionnel et vos études, du plus récent au plus ancien, avec les dates et vos coordonnées.", "pt": "O seu percurso profissional e académico, do mais recente ao mais antigo, com datas e contactos."}'::jsonb, ARRAY['pdf','doc','docx']::text[], false, NULL, false, false, 20),
('education', '{"en": "Education Certificate", "fr": "Diplôme", "pt": "Certificado de Habilitações"}'::jsonb, '{"en": "Your highest certificate or diploma.", "fr": "Votre diplôme ou certificat le plus élevé.", "pt": "O seu certificado ou diploma mais alto."}'::jsonb, ARRAY['pdf','doc','docx','jpeg','png']::text[], false, NULL, false, true, 30),
('experience', '{"en": "Work Experience", "fr": "Expérience professionnelle", "pt": "Experiência Profissional"}'::jsonb, '{"en": "Letters from past employers giving your role and dates.", "fr": "Des lettres d''anciens employeurs indiquant votre poste et les dates.", "pt": "Cartas de antigos empregadores com a sua função e as datas."}'::jsonb, ARRAY['pdf','doc','docx','jpeg','png']::text[], false, NULL, false, false, 40),
('english', '{"en": "English Test", "fr": "Test d''anglais", "pt": "Teste de Inglês"}'::jsonb, '{"en": "Your English test result (IELTS, TOEFL or similar).", "fr": "Le résultat de votre test d''anglais (IELTS, TOEFL ou équivalent).", "pt": "O resultado do seu teste de inglês (IELTS, TOEFL ou equivalente)."}'::jsonb, ARRAY['pdf','doc','docx','jpeg','png']::text[], false, 24, false, false, 50),
('transcript', '{"en": "Academic Transcript", "fr": "Relevé de notes", "pt": "Certificado de notas"}'::jsonb, '{"en": "Your marks for every year of study, from your school or university.", "fr": "Vos notes de chaque année d''études, délivrées par votre école ou université.", "pt": "As suas notas de cada ano de estudos, emitidas pela escola ou universidade."}'::jsonb, ARRAY['pdf','doc','docx','jpeg','png']::text[], false, NULL, false, true, 60),
('motivation_letter', '{"en": "Motivation Letter", "fr": "Lettre de motivation", "pt": "Carta de motivação"}'::jsonb, '{"en": "Why you chose this program and what you will bring to it.", "fr": "Pourquoi vous avez choisi ce programme et ce que vous y apporterez.", "pt": "Porque escolheu este programa e o que lhe vai trazer."}'::jsonb, ARRAY['pdf','doc','docx']::text[], false, NULL, false, false, 70),
('recommendation_letter', '{"en": "Recommendation Letter", "fr": "Lettre de recommandation", "pt": "Carta de recomendação"}'::jsonb, '{"en": "A signed letter from a teacher or employer who knows your work.", "fr": "Une lettre signée d''un enseignant ou d''un employeur qui connaît votre travail.", "pt": "Uma carta assinada por um professor ou empregador que conheça o seu trabalho."}'::jsonb, ARRAY['pdf','doc','docx','jpeg','png']::text[], false, NULL, false, false, 80),
('police_clearance', '{"en": "Police Clearance", "fr": "Extrait de casier judiciaire", "pt": "Registo Criminal"}'::jsonb, '{"en": "A police clearance certificate from every country you lived in. It is valid for six months after it was issued.", "fr": "Un certificat de casier judiciaire de chaque pays où vous avez vécu. Il est valable six mois après sa date de délivrance.", "pt": "Um certificado de registo criminal de cada país onde viveu. É válido durante seis meses após a data de emissão."}'::jsonb, ARRAY['pdf','jpeg','png']::text[], false, 6, true, false, 90),
('medical_report', '{"en": "Medical Report", "fr": "Rapport médical", "pt": "Relatório Médico"}'::jsonb, '{"en": "The report of a medical examination by a doctor the destination accepts. It is valid for twelve months.", "fr": "Le rapport d''un examen médical par un médecin agréé par le pays de destination. Il est valable douze mois.", "pt": "O relatório de um exame médico feito por um médico aceite pelo país de destino. É válido durante doze meses."}'::jsonb, ARRAY['pdf','jpeg','png']::text[], false, 12, true, false, 100),
('birth_certificate', '{"en": "Birth Certificate", "fr": "Acte de naissance", "pt": "Certidão de Nascimento"}'::jsonb, '{"en": "Your full birth certificate (the one that names your parents).", "fr": "Votre acte de naissance intégral (celui qui nomme vos parents).", "pt": "A sua certidão de nascimento completa (a que indica os seus pais)."}'::jsonb, ARRAY['pdf','jpeg','png']::text[], false, NULL, false, true, 110),
('marriage_certificate', '{"en": "Marriage Certificate", "fr": "Acte de mariage", "pt": "Certidão de Casamento"}'::jsonb, '{"en": "If you are married and your spouse travels with you or joins you later.", "fr": "Si vous êtes marié(e) et que votre conjoint vous accompagne ou vous rejoint plus tard.", "pt": "Se é casado(a) e o seu cônjuge viaja consigo ou se junta a si mais tarde."}'::jsonb, ARRAY['pdf','jpeg','png']::text[], false, NULL, false, true, 120),
('driving_licence', '{"en": "Driving Licence", "fr": "Permis de conduire", "pt": "Carta de Condução"}'::jsonb, '{"en": "Both sides of your driving licence, for jobs that need you to drive.", "fr": "Les deux faces de votre permis de conduire, pour les emplois où il faut conduire.", "pt": "Os dois lados da sua carta de condução, para empregos em que tenha de conduzir."}'::jsonb, ARRAY['pdf','jpeg','png']::text[], true, NULL, false, false, 130),
('language_test', '{"en": "Language Test", "fr": "Test de langue", "pt": "Teste de Língua"}'::jsonb, '{"en": "A test result in the language of your destination (French, German or another), when it asks for one.", "fr": "Le résultat d''un test dans la langue de votre destination (français, allemand ou autre), lorsqu''elle en demande un.", "pt": "O resultado de um teste na língua do seu destino (francês, alemão ou outra), quando o destino o exige."}'::jsonb, ARRAY['pdf','jpeg','png']::text[], false, 24, false, false, 140);--> statement-breakpoint
-- No document may lose its type: any key a row holds that the list above lacks becomes a type of
-- its own (named by its key, every format), before the foreign key is added.
INSERT INTO "document_types" ("key", "names", "guidance", "formats", "sort_order")
SELECT DISTINCT d."document_type", jsonb_build_object('en', d."document_type", 'fr', d."document_type", 'pt', d."document_type"), '{"en":"","fr":"","pt":""}'::jsonb, ARRAY['pdf','doc','docx','jpeg','png']::text[], 1000
FROM "documents" d WHERE NOT EXISTS (SELECT 1 FROM "document_types" t WHERE t."key" = d."document_type");--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_document_type_document_types_key_fk" FOREIGN KEY ("document_type") REFERENCES "public"."document_types"("key") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
-- The types are cached (decision record 11): their version moves with every change, as the other
-- public content's does (migration 0031).
CREATE TRIGGER "document_types_version" AFTER INSERT OR UPDATE OR DELETE ON "document_types"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_version('document_types');--> statement-breakpoint
CREATE TRIGGER "document_types_version_truncate" AFTER TRUNCATE ON "document_types"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_version('document_types');