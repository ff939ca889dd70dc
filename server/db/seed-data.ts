// Seed data for Passage: countries, sample jobs, study programs and fallback testimonials.
// Pure typed data: no imports, no I/O. Salaries are indicative 2026 figures in local currency;
// recruiters should confirm them with the employer before an offer is made.

import type {
  DocumentType,
  EmploymentType,
  FieldOfStudy,
  JobType,
  ProgramLevel,
  SalaryPeriod,
  Sector,
} from "~/domain/enums";

export type SeedCountry = { code: string; name: string; isActive: boolean };
export type SeedJob = {
  title: string;
  description: string; // 2-4 honest sentences, concrete duties, location city, contract length
  sector: Sector;
  jobType: JobType;
  employmentType: EmploymentType;
  salaryRange: string; // human text as shown on cards, e.g. "CAD 18 – 22 / hour"
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: string;
  salaryPeriod: SalaryPeriod;
  requirements: string[]; // 3-6 real requirements (certificates, experience years, English level e.g. IELTS 5.5, driving licence...)
  benefits: string[]; // 3-6 real benefits (accommodation, flights, visa sponsorship, overtime...)
  countryCode: string; // one of the country codes below
  isPublic: boolean;
  isActive: boolean;
  postedDaysAgo: number; // 0..40, so createdAt can be spread out
};
export type SeedStudyProgram = {
  title: string;
  university: string;
  city: string;
  countryCode: string;
  level: ProgramLevel;
  fieldOfStudy: FieldOfStudy;
  durationMonths: number;
  languageOfInstruction: string;
  tuitionAmount: number; // per year, in tuitionCurrency
  tuitionCurrency: string;
  intakeMonths: number[]; // 1-12: the seed turns them into the next dates
  entryRequirements: string[];
  requiredDocuments: DocumentType[];
  scholarship: boolean;
  scholarshipDetails: string | null;
  description: string;
  rating: number;
};
export type SeedTestimonial = {
  name: string;
  location: string;
  rating: number;
  text: string;
  job: string;
};

export const seedCountries: SeedCountry[] = [
  { code: "CA", name: "Canada", isActive: true },
  { code: "GB", name: "United Kingdom", isActive: true },
  { code: "US", name: "United States", isActive: true },
  { code: "AU", name: "Australia", isActive: true },
  { code: "PL", name: "Poland", isActive: true },
  { code: "IE", name: "Ireland", isActive: true },
  { code: "UA", name: "Ukraine", isActive: true },
  { code: "LV", name: "Latvia", isActive: true },
  { code: "LT", name: "Lithuania", isActive: true },
  { code: "CZ", name: "Czech Republic", isActive: true },
  { code: "HU", name: "Hungary", isActive: true },
  { code: "RS", name: "Serbia", isActive: true },
  { code: "SK", name: "Slovakia", isActive: true },
  { code: "ME", name: "Montenegro", isActive: true },
  { code: "IN", name: "India", isActive: true },
  { code: "ZA", name: "South Africa", isActive: true },
  { code: "ZW", name: "Zimbabwe", isActive: true },
];

export const seedJobs: SeedJob[] = [
  {
    title: "Registered General Nurse",
    description:
      "Staff nurse post on medical and surgical wards at a public hospital in Cork, working 37.5 hours a week on a rotating day and night roster. Duties include patient assessment, medication administration, wound care and handover documentation. Permanent contract after a six-month probation; candidates not yet registered with NMBI complete an adaptation period on arrival before moving to the staff nurse grade.",
    sector: "healthcare",
    jobType: "sponsored",
    employmentType: "full_time",
    salaryRange: "EUR 38,000 – 51,000 / year",
    salaryMin: 38000,
    salaryMax: 51000,
    salaryCurrency: "EUR",
    salaryPeriod: "year",
    requirements: [
      "Bachelor of Nursing (or equivalent) and current registration as a general nurse in your home country",
      "At least 2 years of post-registration hospital experience",
      "IELTS Academic 7.0 overall with at least 6.5 in writing, or OET grade B",
      "Eligible to apply for NMBI registration (decision letter before the permit application)",
      "Police clearance from every country lived in for 6 months or more",
    ],
    benefits: [
      "Critical Skills Employment Permit sponsored by the employer",
      "NMBI registration and adaptation fees refunded after starting",
      "One-way flight to Ireland and 4 weeks of temporary accommodation",
      "Salary placed on the national staff nurse scale by years of experience",
      "Public sector pension and 25 days of annual leave",
    ],
    countryCode: "IE",
    isPublic: false,
    isActive: true,
    postedDaysAgo: 3,
  },
  {
    title: "Care Assistant (Residential Home)",
    description:
      "Care assistant at a 60-bed residential care home in Manchester, supporting older residents with personal care, meals, mobility and daily activities, and keeping care records up to date. Shifts are 12 hours, days or nights, including alternate weekends. Permanent contract. This role does not come with visa sponsorship: the UK closed the care worker visa route to new overseas applicants in July 2025, so it is open only to candidates who already hold the right to work in the UK.",
    sector: "healthcare",
    jobType: "non_sponsored",
    employmentType: "shift_work",
    salaryRange: "GBP 12.71 – 13.40 / hour",
    salaryMin: 12.71,
    salaryMax: 13.4,
    salaryCurrency: "GBP",
    salaryPeriod: "hour",
    requirements: [
      "Existing right to work in the UK (for example a dependant visa, graduate visa or settled status)",
      "6 months of care experience, or willingness to complete the Care Certificate in the first 12 weeks",
      "Good spoken and written English for care notes and handovers",
      "Enhanced DBS check (arranged and paid by the employer)",
      "Able to work nights and weekends on a rota",
    ],
    benefits: [
      "Paid induction and Care Certificate training",
      "28 days of paid holiday a year, including bank holidays",
      "Workplace pension with employer contribution",
      "Higher hourly rate for night shifts and bank holidays",
      "Free meals on shift",
    ],
    countryCode: "GB",
    isPublic: true,
    isActive: true,
    postedDaysAgo: 6,
  },
  {
    title: "International Truck Driver (C+E)",
    description:
      "Driving a tractor-trailer on international routes from a transport company base near Poznań to Germany, the Netherlands and France. Work is in rotations of about 3 weeks on the road and 1 week off at the base, with loading checks, CMR paperwork and tachograph records part of the job. 12-month contract, renewable. Pay is a base salary plus daily travel allowances; the range shown includes the allowances.",
    sector: "logistics",
    jobType: "sponsored",
    employmentType: "full_time",
    salaryRange: "PLN 10,000 – 13,000 / month",
    salaryMin: 10000,
    salaryMax: 13000,
    salaryCurrency: "PLN",
    salaryPeriod: "month",
    requirements: [
      "Valid category C+E driving licence held for at least 2 years",
      "At least 2 years of articulated truck driving experience, cross-border experience preferred",
      "Willing to complete the Polish code 95 qualification and driver card after arrival (employer arranges it, about 2–3 months)",
      "Basic English; some Polish or Russian is an advantage",
      "Clean criminal record and a medical and psychological fitness test",
    ],
    benefits: [
      "Work permit and national D visa arranged by the employer",
      "Code 95 training and driver card paid by the employer",
      "Shared accommodation at the base during off weeks",
      "Modern trucks with sleeper cabins",
      "Paid annual leave of 20 days",
    ],
    countryCode: "PL",
    isPublic: false,
    isActive: true,
    postedDaysAgo: 12,
  },
  {
    title: "Warehouse Operative",
    description:
      "Picking, packing and loading customer orders at an e-commerce distribution centre in Pardubice, using hand scanners and pallet trucks. Work is in three rotating 8-hour shifts (morning, afternoon, night), Monday to Friday with occasional paid Saturdays in peak season. 12-month contract, extendable. No previous warehouse experience is needed; training is given in the first week.",
    sector: "logistics",
    jobType: "entry_level",
    employmentType: "shift_work",
    salaryRange: "CZK 31,000 – 36,000 / month",
    salaryMin: 31000,
    salaryMax: 36000,
    salaryCurrency: "CZK",
    salaryPeriod: "month",
    requirements: [
      "Completed secondary school",
      "Physically fit: able to stand for a full shift and lift up to 15 kg",
      "Basic English (A2) to follow safety instructions",
      "Willing to work rotating shifts including nights",
      "Forklift licence is an advantage but not required",
    ],
    benefits: [
      "Employee Card application supported by the employer",
      "Shared hostel accommodation near the site (about CZK 5,000 / month deducted from pay)",
      "Shift and night allowances included in the range shown",
      "Meal vouchers for each shift worked",
      "Free company bus to the warehouse",
    ],
    countryCode: "CZ",
    isPublic: true,
    isActive: true,
    postedDaysAgo: 9,
  },
  {
    title: "Seasonal Greenhouse Worker",
    description:
      "Planting, pruning, harvesting and packing tomatoes and cucumbers in a commercial greenhouse in Leamington, Ontario. The season runs from March to November (about 8 months), with 45–60 hours a week during harvest. Work is repetitive and physical, often in warm and humid conditions.",
    sector: "agriculture",
    jobType: "sponsored",
    employmentType: "seasonal",
    salaryRange: "CAD 17.60 – 18.20 / hour",
    salaryMin: 17.6,
    salaryMax: 18.2,
    salaryCurrency: "CAD",
    salaryPeriod: "hour",
    requirements: [
      "At least 1 year of farm, greenhouse or nursery experience",
      "Physically fit and able to work long days standing and bending",
      "Basic English to follow instructions and safety rules",
      "Police clearance certificate and medical exam for the work permit",
      "Available for the full season from March to November",
    ],
    benefits: [
      "LMIA-based work permit (Agricultural Stream) supported by the employer",
      "Return airfare paid by the employer",
      "Employer-provided housing, with deductions kept within provincial limits",
      "Private health insurance until provincial health coverage starts",
      "Workplace safety insurance (WSIB) from the first day",
    ],
    countryCode: "CA",
    isPublic: true,
    isActive: true,
    postedDaysAgo: 15,
  },
  {
    title: "Seasonal Fruit Picker (Table Grapes)",
    description:
      "Harvesting, trimming and packing table grapes on a family vineyard near Mildura, Victoria, during the February to April harvest. Work is casual, about 38 hours a week, outdoors and often in heat above 35°C. Open only to candidates already in Australia with work rights, such as student visa holders within their permitted hours; no visa sponsorship is offered. This intake is closed for the season.",
    sector: "agriculture",
    jobType: "non_sponsored",
    employmentType: "seasonal",
    salaryRange: "AUD 31 – 33 / hour",
    salaryMin: 31,
    salaryMax: 33,
    salaryCurrency: "AUD",
    salaryPeriod: "hour",
    requirements: [
      "Current Australian visa with work rights",
      "Tax file number and an Australian bank account",
      "Able to work outdoors in hot weather for full days",
      "Own transport to the vineyard is an advantage",
    ],
    benefits: [
      "Casual rate under the Horticulture Award, including 25% casual loading",
      "Superannuation paid on top of wages",
      "Paid weekly",
      "Caravan park accommodation can be booked nearby at the worker’s own cost",
    ],
    countryCode: "AU",
    isPublic: true,
    isActive: false,
    postedDaysAgo: 38,
  },
  {
    title: "Hotel Room Attendant (Part-time)",
    description:
      "Cleaning and preparing guest rooms and corridors to the hotel’s checklist at a 180-room hotel in Dublin city centre. About 20 hours a week spread over 4 mornings, including at least one weekend day; more hours are available in summer. Permanent part-time contract. Open to candidates who already hold permission to work in Ireland, including Stamp 2 students (20 hours a week in term, 40 in holidays).",
    sector: "hospitality",
    jobType: "non_sponsored",
    employmentType: "part_time",
    salaryRange: "EUR 14.15 – 15.00 / hour",
    salaryMin: 14.15,
    salaryMax: 15,
    salaryCurrency: "EUR",
    salaryPeriod: "hour",
    requirements: [
      "Current permission to work in Ireland (Stamp 1G, Stamp 2 or Stamp 4)",
      "Previous housekeeping or cleaning experience is an advantage",
      "Basic English to read room lists and talk to guests",
      "Able to work weekend mornings",
    ],
    benefits: [
      "Paid training from the head housekeeper",
      "Staff meal on every shift",
      "Uniform provided and laundered",
      "Sunday premium paid in line with Irish employment law",
    ],
    countryCode: "IE",
    isPublic: true,
    isActive: true,
    postedDaysAgo: 2,
  },
  {
    title: "Chef de Partie (Summer Season)",
    description:
      "Running a section (grill or cold kitchen) in the à la carte restaurant of a 4-star hotel in Budva on the Montenegrin coast. Seasonal contract from May to October, 6 days a week with split shifts in July and August. Duties include preparing mise en place, cooking to the head chef’s specifications, stock rotation and HACCP temperature records.",
    sector: "hospitality",
    jobType: "skilled",
    employmentType: "seasonal",
    salaryRange: "EUR 1,200 – 1,600 / month",
    salaryMin: 1200,
    salaryMax: 1600,
    salaryCurrency: "EUR",
    salaryPeriod: "month",
    requirements: [
      "At least 3 years of experience as a cook, with 1 year running a section",
      "Culinary certificate or diploma (City & Guilds or equivalent)",
      "Working knowledge of food safety and HACCP",
      "Conversational English",
      "Available for the full season, May to October",
    ],
    benefits: [
      "Temporary residence and work permit costs paid by the employer",
      "Free shared staff accommodation",
      "Three meals a day on working days",
      "Return flight paid on completing the full season",
      "Salary quoted net of tax",
    ],
    countryCode: "ME",
    isPublic: true,
    isActive: true,
    postedDaysAgo: 20,
  },
  {
    title: "Backend Software Developer (Java)",
    description:
      "Building and maintaining Java and Spring Boot services for an insurance software company in Winnipeg, Manitoba, in a team of six developers. Work includes REST API design, PostgreSQL, code review and on-call support one week in six. Permanent full-time role; hybrid after the first 3 months, with 3 office days a week.",
    sector: "technology",
    jobType: "skilled",
    employmentType: "full_time",
    salaryRange: "CAD 78,000 – 95,000 / year",
    salaryMin: 78000,
    salaryMax: 95000,
    salaryCurrency: "CAD",
    salaryPeriod: "year",
    requirements: [
      "Degree in computer science, software engineering or a related field",
      "At least 3 years of professional Java development, including Spring Boot",
      "Experience with SQL databases and Git",
      "IELTS General Training 6.0 in each band (CLB 7) or equivalent",
      "Passes a technical interview and a take-home exercise",
    ],
    benefits: [
      "LMIA-based work permit supported by the employer",
      "Relocation allowance of CAD 3,000",
      "Employer support for a Manitoba Provincial Nominee application after 6 months (approval is not guaranteed)",
      "Extended health and dental cover",
      "3 weeks of paid vacation",
    ],
    countryCode: "CA",
    isPublic: false,
    isActive: true,
    postedDaysAgo: 5,
  },
  {
    title: "Secondary Mathematics Teacher",
    description:
      "Teaching mathematics to pupils aged 11 to 16 (Key Stages 3 and 4) at a state secondary school in Birmingham, including lesson planning, marking and GCSE preparation. Permanent full-time contract starting in September, with a structured induction in the first term. Pay follows the national teachers’ main pay scale according to experience.",
    sector: "education",
    jobType: "skilled",
    employmentType: "full_time",
    salaryRange: "GBP 32,900 – 45,400 / year",
    salaryMin: 32900,
    salaryMax: 45400,
    salaryCurrency: "GBP",
    salaryPeriod: "year",
    requirements: [
      "Degree and a recognised teaching qualification, such as a PGCE or BEd",
      "Qualified Teacher Status in England, or eligible to apply through the international QTS route",
      "At least 2 years of experience teaching secondary mathematics",
      "English at B2 level (IELTS 6.0 or equivalent), or a degree taught in English",
      "Enhanced DBS check and police certificates from each country lived in",
    ],
    benefits: [
      "Skilled Worker visa sponsored by the school",
      "Teachers’ Pension Scheme with employer contribution",
      "Paid school holidays",
      "Mentoring and paid professional development",
      "Help finding accommodation before arrival",
    ],
    countryCode: "GB",
    isPublic: false,
    isActive: true,
    postedDaysAgo: 27,
  },
  {
    title: "MIG/MAG Welder",
    description:
      "Welding steel structures and ship sections with MIG/MAG (135/136) at a fabrication plant in Gdańsk, working from technical drawings. 40-hour week on day shift, with regular paid overtime. 12-month contract, renewable. Candidates must pass a practical welding test before an offer, done at a partner workshop in Harare or Midrand.",
    sector: "manufacturing",
    jobType: "skilled",
    employmentType: "full_time",
    salaryRange: "PLN 35 – 45 / hour",
    salaryMin: 35,
    salaryMax: 45,
    salaryCurrency: "PLN",
    salaryPeriod: "hour",
    requirements: [
      "At least 3 years of MIG/MAG welding experience in fabrication or shipbuilding",
      "Able to read technical drawings and welding symbols",
      "Passes a practical welding test in positions PB and PF",
      "EN ISO 9606-1 certificate is an advantage (the employer can certify you after arrival)",
      "Basic English",
    ],
    benefits: [
      "Type A work permit and visa arranged by the employer",
      "Shared accommodation provided at a subsidised rate",
      "Overtime paid at 150% of the hourly rate",
      "Protective clothing and equipment provided",
      "Polish public health insurance from the first day",
    ],
    countryCode: "PL",
    isPublic: false,
    isActive: true,
    postedDaysAgo: 18,
  },
  {
    title: "Production Line Operative",
    description:
      "Assembling and inspecting car parts on a production line at an automotive supplier in Nitra, Slovakia. Work is in three rotating 8-hour shifts, including some weekends, and involves standing and repetitive hand work. 12-month contract, extendable. Full on-the-job training is given.",
    sector: "manufacturing",
    jobType: "entry_level",
    employmentType: "shift_work",
    salaryRange: "EUR 1,050 – 1,300 / month",
    salaryMin: 1050,
    salaryMax: 1300,
    salaryCurrency: "EUR",
    salaryPeriod: "month",
    requirements: [
      "Completed secondary school",
      "Good eyesight and manual dexterity (a pre-employment medical is done)",
      "Basic English (A2)",
      "Willing to work rotating shifts including nights",
    ],
    benefits: [
      "Temporary residence for employment arranged by the employer",
      "Dormitory accommodation (about EUR 180 / month deducted from pay)",
      "Night, weekend and overtime allowances on top of base pay",
      "Subsidised meals in the canteen",
      "Free company transport from the dormitory",
    ],
    countryCode: "SK",
    isPublic: true,
    isActive: true,
    postedDaysAgo: 11,
  },
  {
    title: "Live-in Caregiver (Elderly Care)",
    description:
      "Caring for an elderly couple in their home in Calgary, Alberta: personal care, medication reminders, meal preparation, light housekeeping and accompanying them to appointments. About 40 hours a week, with 2 days off; hours beyond that are paid as overtime. Live-in arrangement with a private furnished room that locks. 2-year contract.",
    sector: "domestic",
    jobType: "sponsored",
    employmentType: "live_in",
    salaryRange: "CAD 17.50 – 19.00 / hour",
    salaryMin: 17.5,
    salaryMax: 19,
    salaryCurrency: "CAD",
    salaryPeriod: "hour",
    requirements: [
      "At least 1 year of full-time caregiving experience in the last 3 years",
      "Completed secondary school",
      "English at CLB 5 (IELTS General Training 5.0 in each band)",
      "First aid and CPR certificate, or willing to complete it in the first month",
      "Police clearance and immigration medical exam",
    ],
    benefits: [
      "LMIA-based work permit supported by the employer",
      "Travel to Canada paid by the employer",
      "Private room and meals in the home at no charge",
      "Overtime paid under Alberta employment standards",
      "Private health insurance until Alberta health coverage starts",
    ],
    countryCode: "CA",
    isPublic: false,
    isActive: true,
    postedDaysAgo: 8,
  },
  {
    title: "Security Officer (Grade C)",
    description:
      "Access control, patrols and incident reporting at a corporate office park in Midrand, Gauteng. Shifts are 12 hours on a four-days-on, four-days-off roster, alternating between days and nights. Permanent contract after a 3-month probation. No work visa is offered; this role is for candidates already entitled to work in South Africa.",
    sector: "security",
    jobType: "non_sponsored",
    employmentType: "shift_work",
    salaryRange: "ZAR 7,000 – 8,500 / month",
    salaryMin: 7000,
    salaryMax: 8500,
    salaryCurrency: "ZAR",
    salaryPeriod: "month",
    requirements: [
      "PSIRA registration at Grade C or higher",
      "South African ID, permanent residence or a valid work visa",
      "Matric (Grade 12)",
      "At least 1 year of access control or guarding experience",
      "Clear criminal record",
    ],
    benefits: [
      "Overtime and Sunday pay under the private security sectoral determination",
      "Uniform and equipment provided",
      "Provident fund membership",
      "UIF registration",
    ],
    countryCode: "ZA",
    isPublic: true,
    isActive: true,
    postedDaysAgo: 1,
  },
  {
    title: "Construction Labourer",
    description:
      "General labouring on residential building sites in Novi Sad: carrying and mixing materials, setting up scaffolding under supervision, formwork assistance and site clean-up. 8-hour days, Monday to Saturday, with work depending on weather in winter. 12-month contract, renewable. Pay is quoted net of tax.",
    sector: "construction",
    jobType: "entry_level",
    employmentType: "full_time",
    salaryRange: "RSD 85,000 – 100,000 / month",
    salaryMin: 85000,
    salaryMax: 100000,
    salaryCurrency: "RSD",
    salaryPeriod: "month",
    requirements: [
      "At least 1 year of experience on a building site",
      "Physically fit for heavy lifting and work at height",
      "Basic English",
      "Completes the employer’s site safety training before starting",
    ],
    benefits: [
      "Single residence and work permit arranged and paid by the employer",
      "Free shared accommodation",
      "Lunch provided on working days",
      "Safety boots, helmet and workwear provided",
      "Overtime paid at 126% of the hourly rate",
    ],
    countryCode: "RS",
    isPublic: true,
    isActive: true,
    postedDaysAgo: 24,
  },
];

const STUDY_DOCS: DocumentType[] = [
  "passport",
  "transcript",
  "education",
  "english",
  "motivation_letter",
];

export const seedStudyPrograms: SeedStudyProgram[] = [
  {
    title: "MSc Computer Science",
    university: "University of Manitoba",
    city: "Winnipeg",
    countryCode: "CA",
    level: "master",
    fieldOfStudy: "computing",
    durationMonths: 24,
    languageOfInstruction: "English",
    tuitionAmount: 21000,
    tuitionCurrency: "CAD",
    intakeMonths: [9, 1],
    entryRequirements: [
      "Four-year bachelor's degree in computer science or a related field, with at least a B average",
      "IELTS Academic 6.5 overall (no band below 6.0) or equivalent",
      "Two academic references",
    ],
    requiredDocuments: [...STUDY_DOCS, "recommendation_letter"],
    scholarship: true,
    scholarshipDetails:
      "Graduate Enhancement of Tri-Council Stipends (GETS) funding for research-stream students, decided on admission.",
    description:
      "A research-oriented master's with courses in algorithms, machine learning and distributed systems and a thesis supervised by faculty. Students often work as teaching assistants, which covers part of their living costs.",
    rating: 4.5,
  },
  {
    title: "MSc Public Health",
    university: "University of Salford",
    city: "Manchester",
    countryCode: "GB",
    level: "master",
    fieldOfStudy: "health",
    durationMonths: 12,
    languageOfInstruction: "English",
    tuitionAmount: 17500,
    tuitionCurrency: "GBP",
    intakeMonths: [1, 9],
    entryRequirements: [
      "Bachelor's degree (2:2 or above) in a health, science or social science subject",
      "IELTS Academic 6.5 overall (no band below 5.5)",
    ],
    requiredDocuments: STUDY_DOCS,
    scholarship: true,
    scholarshipDetails:
      "International Excellence Scholarship: GBP 3,500 off the first year's tuition.",
    description:
      "One year of epidemiology, health promotion and health policy, ending in a dissertation that can be based on a health question from your home country. Taught at the Manchester campus with placements in local public health teams.",
    rating: 4.2,
  },
  {
    title: "MS Information Systems",
    university: "Wichita State University",
    city: "Wichita",
    countryCode: "US",
    level: "master",
    fieldOfStudy: "computing",
    durationMonths: 24,
    languageOfInstruction: "English",
    tuitionAmount: 18500,
    tuitionCurrency: "USD",
    intakeMonths: [8, 1],
    entryRequirements: [
      "Bachelor's degree with a GPA of 3.0 or its equivalent",
      "TOEFL iBT 79 or IELTS Academic 6.5",
    ],
    requiredDocuments: STUDY_DOCS,
    scholarship: false,
    scholarshipDetails: null,
    description:
      "Database design, business analytics and IT project management, with an optional internship (CPT) in the second year. STEM-designated, so graduates may apply for up to three years of work authorisation.",
    rating: 4.1,
  },
  {
    title: "Master of Professional Accounting",
    university: "University of Southern Queensland",
    city: "Toowoomba",
    countryCode: "AU",
    level: "master",
    fieldOfStudy: "business",
    durationMonths: 24,
    languageOfInstruction: "English",
    tuitionAmount: 31000,
    tuitionCurrency: "AUD",
    intakeMonths: [2, 7],
    entryRequirements: [
      "Bachelor's degree in any discipline",
      "IELTS Academic 6.5 overall (no band below 6.0)",
    ],
    requiredDocuments: STUDY_DOCS,
    scholarship: true,
    scholarshipDetails: "International Scholarship: 20% off tuition for the whole program.",
    description:
      "Prepares graduates from other fields for accounting careers, accredited by CPA Australia and CA ANZ. Classes are small and the city is affordable compared with Brisbane or Sydney.",
    rating: 4.3,
  },
  {
    title: "MSc Business Analytics",
    university: "University of Limerick",
    city: "Limerick",
    countryCode: "IE",
    level: "master",
    fieldOfStudy: "business",
    durationMonths: 12,
    languageOfInstruction: "English",
    tuitionAmount: 19500,
    tuitionCurrency: "EUR",
    intakeMonths: [9],
    entryRequirements: [
      "Honours bachelor's degree (second class) with some mathematics or statistics",
      "IELTS Academic 6.5 overall (no band below 6.0)",
    ],
    requiredDocuments: STUDY_DOCS,
    scholarship: false,
    scholarshipDetails: null,
    description:
      "Statistics, data mining and optimisation applied to business problems, with a summer project for an Irish company. Graduates may stay two years to work under Ireland's Stamp 1G.",
    rating: 4.6,
  },
  {
    title: "BSc Computer Science (taught in English)",
    university: "Lodz University of Technology",
    city: "Łódź",
    countryCode: "PL",
    level: "bachelor",
    fieldOfStudy: "computing",
    durationMonths: 42,
    languageOfInstruction: "English",
    tuitionAmount: 4000,
    tuitionCurrency: "EUR",
    intakeMonths: [10],
    entryRequirements: [
      "Secondary school leaving certificate (A level or equivalent) with mathematics",
      "English at B2 level (IELTS 5.5 or the university's own test)",
    ],
    requiredDocuments: ["passport", "transcript", "education", "english"],
    scholarship: false,
    scholarshipDetails: null,
    description:
      "Three and a half years of programming, computer systems and software engineering in the International Faculty of Engineering, with a semester abroad available through Erasmus+.",
    rating: 4.4,
  },
  {
    title: "Diploma in Practical Nursing",
    university: "Saskatchewan Polytechnic",
    city: "Regina",
    countryCode: "CA",
    level: "diploma",
    fieldOfStudy: "health",
    durationMonths: 24,
    languageOfInstruction: "English",
    tuitionAmount: 19800,
    tuitionCurrency: "CAD",
    intakeMonths: [9],
    entryRequirements: [
      "Grade 12 (A level or equivalent) with English, biology and mathematics",
      "IELTS Academic 6.5 overall (no band below 6.0)",
      "Police clearance before the first clinical placement",
    ],
    requiredDocuments: ["passport", "transcript", "education", "english"],
    scholarship: false,
    scholarshipDetails: null,
    description:
      "Classroom and clinical training for licensed practical nurses, with placements in hospitals and long-term care. Graduates write the Canadian Practical Nurse Registration Examination.",
    rating: 4.0,
  },
  {
    title: "International Foundation Year (Engineering)",
    university: "University of Hertfordshire",
    city: "Hatfield",
    countryCode: "GB",
    level: "foundation",
    fieldOfStudy: "engineering",
    durationMonths: 9,
    languageOfInstruction: "English",
    tuitionAmount: 13500,
    tuitionCurrency: "GBP",
    intakeMonths: [9, 1],
    entryRequirements: [
      "Secondary school certificate (O level or equivalent) with mathematics",
      "IELTS 5.0 overall",
    ],
    requiredDocuments: ["passport", "transcript", "english"],
    scholarship: true,
    scholarshipDetails:
      "GBP 2,000 merit award for students who progress to a degree at the university.",
    description:
      "A year of mathematics, physics and study skills that leads straight into the first year of an engineering degree at the same university for students who pass.",
    rating: 4.1,
  },
  {
    title: "PhD in Agricultural Sciences",
    university: "Czech University of Life Sciences Prague",
    city: "Prague",
    countryCode: "CZ",
    level: "doctorate",
    fieldOfStudy: "agriculture",
    durationMonths: 48,
    languageOfInstruction: "English",
    tuitionAmount: 3000,
    tuitionCurrency: "EUR",
    intakeMonths: [10],
    entryRequirements: [
      "Master's degree in agriculture, agronomy or a related science",
      "A research proposal agreed with a supervisor",
      "English at B2 level or higher",
    ],
    requiredDocuments: [...STUDY_DOCS, "recommendation_letter", "cv"],
    scholarship: true,
    scholarshipDetails: "Doctoral stipend paid monthly by the faculty to full-time students.",
    description:
      "Four years of supervised research in crop science, soil science or tropical agriculture, with a doctoral stipend and teaching duties in the faculty.",
    rating: 4.2,
  },
  {
    title: "Intensive English for Academic Purposes",
    university: "Griffith University",
    city: "Brisbane",
    countryCode: "AU",
    level: "language_course",
    fieldOfStudy: "languages",
    durationMonths: 6,
    languageOfInstruction: "English",
    tuitionAmount: 9800,
    tuitionCurrency: "AUD",
    intakeMonths: [1, 4, 7, 10],
    entryRequirements: ["IELTS 5.0 overall or the college's placement test"],
    requiredDocuments: ["passport", "education"],
    scholarship: false,
    scholarshipDetails: null,
    description:
      "Twenty hours a week of academic English that replaces the IELTS requirement for students with a conditional offer from Griffith University.",
    rating: 4.0,
  },
  {
    title: "BA International Hospitality Management",
    university: "Technological University of the Shannon",
    city: "Athlone",
    countryCode: "IE",
    level: "bachelor",
    fieldOfStudy: "hospitality_tourism",
    durationMonths: 48,
    languageOfInstruction: "English",
    tuitionAmount: 12500,
    tuitionCurrency: "EUR",
    intakeMonths: [9],
    entryRequirements: [
      "Secondary school leaving certificate (A level or equivalent)",
      "IELTS Academic 6.0 overall",
    ],
    requiredDocuments: ["passport", "transcript", "education", "english", "motivation_letter"],
    scholarship: false,
    scholarshipDetails: null,
    description:
      "Hotel operations, food and beverage management and tourism marketing, with a paid work placement in an Irish hotel in the third year.",
    rating: 3.9,
  },
  {
    title: "LLM International Business Law",
    university: "University of Debrecen",
    city: "Debrecen",
    countryCode: "HU",
    level: "master",
    fieldOfStudy: "law",
    durationMonths: 24,
    languageOfInstruction: "English",
    tuitionAmount: 6500,
    tuitionCurrency: "USD",
    intakeMonths: [9],
    entryRequirements: ["Bachelor of Laws (LLB) or equivalent", "English at B2 level"],
    requiredDocuments: STUDY_DOCS,
    scholarship: true,
    scholarshipDetails: "Stipendium Hungaricum: full tuition waiver and a monthly allowance.",
    description:
      "European and international business law, arbitration and trade regulation, taught in English by the Faculty of Law, with a thesis in the second year.",
    rating: 4.3,
  },
];

export const seedTestimonials: SeedTestimonial[] = [
  {
    name: "Tendai Moyo",
    location: "Harare, Zimbabwe → Cork, Ireland",
    rating: 5,
    text: "They were straight with me about how long NMBI registration would take, and it took about as long as they said. The permit papers were ready when I needed them, and I started on the ward eleven months after my first meeting in Harare.",
    job: "Registered Nurse",
  },
  {
    name: "Sipho Dlamini",
    location: "Midrand, South Africa → Poznań, Poland",
    rating: 4,
    text: "Waiting for the visa appointment took longer than I hoped, but the team updated me every week. The job and the accommodation were as described in my offer.",
    job: "Truck Driver",
  },
  {
    name: "Rutendo Chikore",
    location: "Bulawayo, Zimbabwe → Winnipeg, Canada",
    rating: 5,
    text: "My adviser checked every document in my study permit application before I submitted it and helped me prepare for the visa questions. I started my master’s in September as planned.",
    job: "MSc Computer Science Student",
  },
];

// How the demo agency proves who it is: its offices' registrations and the Polish one
// for jobs in Poland. Demo numbers in each register's own format; a real install enters its own in
// Admin → Site Settings.
export type SeedRegistration = {
  countryCode: string;
  office: string;
  label: string;
  authority: string;
  number: string;
};
export const seedAgencyRegistrations: SeedRegistration[] = [
  {
    countryCode: "ZW",
    office: "Harare",
    label: "Employment agency licence",
    authority: "Ministry of Public Service, Labour and Social Welfare",
    number: "EA/HRE/0457/2026",
  },
  {
    countryCode: "ZA",
    office: "Midrand",
    label: "Private employment agency registration",
    authority: "Department of Employment and Labour",
    number: "PEA-GP-2026-01183",
  },
  {
    countryCode: "PL",
    office: "",
    label: "Employment agency register (KRAZ)",
    authority: "Marszałek Województwa Mazowieckiego",
    number: "KRAZ 31204",
  },
];
export const seedDataProtectionOfficer = {
  name: "Chipo Nyathi",
  email: "privacy@passage.example",
};

/**
 * The demo checklists (decision record 44): what each destination and path asks for on top of a
 * job's passport and CV or a program's own list. [destination ("" = any), kind, path ("" = any),
 * document type, mandatory].
 */
export const seedChecklistRules: [string, "job" | "program", string, string, boolean][] = [
  // Canada: a police clearance and an immigration medical for every job; nurses and carers also
  // show their qualification, registration-grade English and experience.
  ["CA", "job", "", "police_clearance", true],
  ["CA", "job", "", "medical_report", true],
  ["CA", "job", "healthcare", "education", true],
  ["CA", "job", "healthcare", "english", true],
  ["CA", "job", "healthcare", "experience", false],
  ["CA", "program", "", "medical_report", false],
  // United Kingdom: English for every job (the skilled worker visa), health and care staff a
  // clearance, a TB test report and their qualification.
  ["GB", "job", "", "english", true],
  ["GB", "job", "healthcare", "police_clearance", true],
  ["GB", "job", "healthcare", "medical_report", true],
  ["GB", "job", "healthcare", "education", true],
  ["GB", "job", "education", "police_clearance", true],
  ["GB", "program", "", "english", true],
  // Ireland: nurses register with NMBI (qualification, English) and are vetted.
  ["IE", "job", "healthcare", "police_clearance", true],
  ["IE", "job", "healthcare", "english", true],
  ["IE", "job", "healthcare", "education", true],
  // Poland and the Czech Republic: a work permit file with a clearance and a medical; drivers
  // their licence.
  ["PL", "job", "", "police_clearance", true],
  ["PL", "job", "", "medical_report", true],
  ["PL", "job", "logistics", "driving_licence", true],
  ["CZ", "job", "", "police_clearance", true],
  ["CZ", "job", "logistics", "driving_licence", true],
  // Anywhere: carers in a home are vetted; study abroad needs a transcript.
  ["", "job", "domestic", "police_clearance", true],
  ["", "job", "domestic", "birth_certificate", false],
  ["", "program", "", "transcript", true],
];
