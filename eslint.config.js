import fs from "node:fs";
import path from "node:path";
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The layers, held by the linter (tests/unit/lint-layers.test.ts proves each rule fails a bad
// import). In flat config a later block's options REPLACE an earlier block's for the same rule, so
// every block restricts imports through restrictImports(), which always keeps the ~/ alias rule.
const useAlias = {
  group: ["../*", "./*/../*"],
  message: "Use the ~/ alias for imports outside this folder.",
};
// Applicant e-mail goes out one way: a service queues it with enqueueApplicantMail /
// inTransactionWithMail (server/mail/outbox.server.ts), which wakes the sender after commit.
const kickOnlyFromMail = {
  group: ["~/server/mail/sender.server"],
  importNames: ["kickMailSender"],
  message:
    "Queue mail with enqueueApplicantMail or inTransactionWithMail (server/mail/outbox.server.ts): they wake the sender after the commit.",
};
const restrictImports = (...patterns) => [
  "error",
  { patterns: [useAlias, kickOnlyFromMail, ...patterns] },
];
const serverNeverApp = { group: ["~/app/*", "**/app/*"], message: "server/ never imports app/." };
// The root loader's data reaches the pieces below it through app/lib/root-data.ts (useRootData):
// the root route imports the shell, so a piece importing the root route would be a circle.
const rootDataThroughLib = {
  group: ["~/app/root"],
  message:
    "Read the root loader's data with useRootData (app/lib/root-data.ts), not from app/root.",
};
const rootDataHookOnlyInLib = {
  selector: "CallExpression[callee.name='useRouteLoaderData'] > Literal[value='root']",
  message: "Read the root loader's data with useRootData or useRootLocale (app/lib/root-data.ts).",
};
// server/db is what every service stands on: it imports none of them (types aside). The demo seed
// needs a few (sign-up, consent, settings, receipt numbers, storage); boot hands them in as
// SeedServices (server/db/seed-services.ts).
const dbBelowServices = {
  regex:
    "^~/server/(?!db/|registry\\.server$|logger\\.server$|config\\.server$|cache/page-language\\.server$|i18n/translate\\.server$)",
  allowTypeImports: true,
  message:
    "server/db/ never imports a service: the seed receives them as SeedServices (server/db/seed-services.ts) from boot.",
};

// Dates shown in the app go through domain/format.ts, always in the agency's time zone: the
// server (UTC) and a browser elsewhere would otherwise print different text (a hydration error).
const oneDateHelper = [
  {
    selector: "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
    message: "Format dates with formatDate/dateFormatter from domain/format.ts (agency time zone).",
  },
  {
    selector: "CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]",
    message:
      "Format dates and numbers with domain/format.ts: toLocale*String follows the reader's machine, so server and browser disagree.",
  },
];

// Every word a person reads comes from app/locales in the page's language (decision record 21): a
// literal in JSX, in a text attribute (aria-label, placeholder, alt, title, label) or in a page's
// meta (`title:` / `description:` in publicPageMeta) shows English on a French page. What may stay
// literal: text with no letters ("·", "→", "404"), an address ("/news/", "https://"), and the
// brand names below, which no language translates. tests/unit/lint-i18n.test.ts shows the rule failing each kind.
const UNTRANSLATED = new Set(["Passage", "WhatsApp", "Facebook", "LinkedIn", "Instagram", "X"]);
const TEXT_ATTRIBUTES = new Set(["aria-label", "placeholder", "alt", "title", "label"]);
const hasWords = (text) => {
  // An address ("/news/", "https://") is not prose.
  if (/^\s*(https?:\/\/|\/)[\w/.:-]*\s*$/.test(text)) return false;
  const words = text.match(/\p{L}[\p{L}'’-]*/gu) ?? [];
  return words.some((word) => !UNTRANSLATED.has(word));
};
const noLiteralText = {
  meta: {
    type: "problem",
    messages: {
      jsx: "Literal text in JSX: use t('…') with a key in app/locales/<lng>/ (fr and pt too).",
      attribute: "Literal {{name}}: use t('…') with a key in app/locales/<lng>/ (fr and pt too).",
      meta: "Literal {{name}} in a page's meta: use the t that publicPageMeta passes, with a key of the route's namespace.",
    },
  },
  create(context) {
    const literalText = (node) =>
      (node?.type === "Literal" && typeof node.value === "string" && hasWords(node.value)) ||
      (node?.type === "TemplateLiteral" && node.quasis.some((q) => hasWords(q.value.cooked ?? "")));
    return {
      JSXText(node) {
        if (hasWords(node.value)) context.report({ node, messageId: "jsx" });
      },
      // {"Save"} or {`Save ${n}`} as a child
      "JSXElement > JSXExpressionContainer, JSXFragment > JSXExpressionContainer"(node) {
        if (literalText(node.expression)) context.report({ node, messageId: "jsx" });
      },
      JSXAttribute(node) {
        const name = typeof node.name.name === "string" ? node.name.name : "";
        if (!TEXT_ATTRIBUTES.has(name) || !node.value) return;
        const value =
          node.value.type === "JSXExpressionContainer" ? node.value.expression : node.value;
        if (literalText(value)) context.report({ node, messageId: "attribute", data: { name } });
      },
      "CallExpression[callee.name='publicPageMeta'] Property"(node) {
        const name = node.key.type === "Identifier" ? node.key.name : node.key.value;
        if ((name === "title" || name === "description") && literalText(node.value))
          context.report({ node, messageId: "meta", data: { name } });
      },
    };
  },
};

// A cached HTML part (`<CachedHtml>`, app/lib/cached-html.tsx) is written from memory for everyone
// whose key matches: nothing of the viewer may be in it (decision record 11). Within a file, a value
// read from `viewer` or `session` (a property or a destructured name), and every variable made from
// one, may not be used in a part's children or its cacheKey; the element's own attributes are
// rendered on every request and may. A function in SHARED_BY_GROUP reduces a viewer to a group that
// many people share (it is reviewed as such): its result is not personal.
// tests/unit/lint-shared-parts.test.ts shows the rule failing.
const PERSONAL = new Set(["viewer", "session"]);
const SHARED_BY_GROUP = new Set(["audiencesOf", "lockOf", "dueFeeOf", "feeTextOf"]);
const noViewerInSharedPart = {
  meta: {
    type: "problem",
    messages: {
      personal:
        "'{{name}}' comes from the viewer: a cached part (CachedHtml) is shared by everyone with its key, so it may not show or decide by the viewer. Render it outside the part.",
    },
  },
  create(context) {
    const source = context.sourceCode;
    const tainted = new Set(); // eslint-scope Variables
    const declarators = [];
    const parts = [];
    const variableOf = (identifier) => {
      for (let scope = source.getScope(identifier); scope; scope = scope.upper) {
        const variable = scope.set.get(identifier.name);
        if (variable) return variable;
      }
      return undefined;
    };
    const personalName = (identifier) =>
      PERSONAL.has(identifier.name) || tainted.has(variableOf(identifier));
    const isDeclassifier = (n) =>
      n.type === "CallExpression" &&
      n.callee.type === "Identifier" &&
      SHARED_BY_GROUP.has(n.callee.name);
    // Calls `found(node, name)` for each personal value read in `node` (not inside a declassifier).
    const eachPersonal = (node, found) => {
      const visit = (n) => {
        if (!n || typeof n.type !== "string" || isDeclassifier(n)) return;
        if (n.type === "Identifier" && personalName(n)) return found(n, n.name);
        if (n.type === "MemberExpression" && !n.computed && PERSONAL.has(n.property.name))
          return found(n, n.property.name);
        for (const [key, value] of Object.entries(n)) {
          if (key === "parent") continue;
          if (key === "property" && n.type === "MemberExpression" && !n.computed) continue;
          if (key === "key" && n.type === "Property" && !n.computed) continue;
          if (key === "name" && n.type.startsWith("JSX")) continue;
          if (Array.isArray(value)) value.forEach(visit);
          else if (value && typeof value.type === "string") visit(value);
        }
      };
      visit(node);
    };
    const readsPersonal = (node) => {
      let any = false;
      eachPersonal(node, () => (any = true));
      return any;
    };
    return {
      VariableDeclarator(node) {
        declarators.push(node);
      },
      JSXElement(node) {
        const name = node.openingElement.name;
        if (name.type === "JSXIdentifier" && name.name === "CachedHtml") parts.push(node);
      },
      "Program:exit"() {
        // Whatever is made from a personal value is personal, to a fixed point.
        for (let grew = true; grew;) {
          grew = false;
          for (const d of declarators) {
            if (!d.init) continue;
            const whole = readsPersonal(d.init);
            for (const variable of source.getDeclaredVariables(d)) {
              if (tainted.has(variable)) continue;
              // `const { viewer, settings } = useRootData()`: only the personal names.
              const picked =
                d.id.type === "ObjectPattern" &&
                d.id.properties.some(
                  (p) =>
                    p.type === "Property" &&
                    !p.computed &&
                    PERSONAL.has(p.key.name) &&
                    variable.defs.some(
                      (def) =>
                        p.value.range[0] <= def.name.range[0] &&
                        def.name.range[1] <= p.value.range[1],
                    ),
                );
              if (whole || picked) {
                tainted.add(variable);
                grew = true;
              }
            }
          }
        }
        for (const part of parts) {
          const checked = [
            ...part.children,
            ...part.openingElement.attributes.filter(
              (a) => a.type === "JSXAttribute" && a.name.name === "cacheKey",
            ),
          ];
          for (const node of checked)
            eachPersonal(node, (n, name) =>
              context.report({ node: n, messageId: "personal", data: { name } }),
            );
        }
      },
    };
  },
};

// No import cycles among our modules (app/, server/, domain/): a module that imports, however many
// steps away, a module that imports it back is loaded half-made by one of them (its exports still
// undefined), and the layers stop being layers. Type-only imports vanish at build and may circle.
// Each file's imports are read from disk (a regular expression, not a parse: fast enough for the
// whole tree) and kept by modification time. tests/unit/lint-layers.test.ts shows the rule failing.
const ROOT = import.meta.dirname;
const importsByFile = new Map(); // file -> { mtimeMs, targets }
const IMPORT_RE =
  /^\s*(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s*["']([^"']+)["']|^\s*import\s+["']([^"']+)["']/gms;
const typeOnlyClause = (clause) => {
  const braces = clause.match(/^\{([\s\S]*)\}$/);
  if (!braces) return false;
  const names = braces[1]
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((n) => n.startsWith("type "));
};
const resolveImport = (from, specifier) => {
  let base;
  if (specifier.startsWith("~/")) base = path.join(ROOT, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`]) {
    if (/\.tsx?$/.test(candidate) && fs.existsSync(candidate)) return candidate;
  }
  return null;
};
const runtimeImportsOf = (file) => {
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    return [];
  }
  const known = importsByFile.get(file);
  if (known && known.mtimeMs === stat.mtimeMs) return known.targets;
  const targets = [];
  for (const m of fs.readFileSync(file, "utf8").matchAll(IMPORT_RE)) {
    if (m[1] || typeOnlyClause(m[2] ?? "")) continue;
    const target = resolveImport(file, m[3] ?? m[4]);
    if (target) targets.push(target);
  }
  importsByFile.set(file, { mtimeMs: stat.mtimeMs, targets });
  return targets;
};
/** The chain of modules from `start` back to `file`, or null when none leads there. */
const pathBack = (start, file) => {
  const seen = new Set([start]);
  const queue = [[start]];
  while (queue.length > 0) {
    const chain = queue.shift();
    for (const next of runtimeImportsOf(chain.at(-1))) {
      if (next === file) return chain;
      if (!seen.has(next)) {
        seen.add(next);
        queue.push([...chain, next]);
      }
    }
  }
  return null;
};
const noImportCycle = {
  meta: {
    type: "problem",
    messages: {
      cycle:
        "Import cycle: {{chain}} imports this file back. Move what both need into a module below them.",
    },
  },
  create(context) {
    const file = path.resolve(context.filename);
    const check = (node) => {
      if (!node.source || node.importKind === "type" || node.exportKind === "type") return;
      const specifiers = node.specifiers ?? [];
      if (
        specifiers.length > 0 &&
        specifiers.every((s) => s.importKind === "type" || s.exportKind === "type")
      )
        return;
      const target = resolveImport(file, node.source.value);
      if (!target || target === file) return;
      const chain = pathBack(target, file);
      if (chain)
        context.report({
          node,
          messageId: "cycle",
          data: { chain: chain.map((f) => path.relative(ROOT, f)).join(" → ") },
        });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      "build/",
      "release/",
      "node_modules/",
      ".react-router/",
      "data/",
      "test-results/",
      "playwright-report/",
      ".tmp/",
      "backups/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-imports": "off",
      "@typescript-eslint/no-restricted-imports": restrictImports(),
    },
  },
  {
    files: ["domain/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": restrictImports({
        group: ["~/server/*", "~/app/*"],
        message: "domain/ is pure: it imports nothing of ours outside domain/.",
      }),
    },
  },
  {
    files: ["server/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": restrictImports(serverNeverApp),
    },
  },
  {
    files: ["server/db/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": restrictImports(serverNeverApp, dbBelowServices),
    },
  },
  {
    files: ["server/mail/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [useAlias, serverNeverApp] },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    plugins: {
      passage: {
        rules: {
          "no-literal-text": noLiteralText,
          "no-viewer-in-shared-part": noViewerInSharedPart,
        },
      },
    },
    rules: {
      "no-restricted-syntax": ["error", ...oneDateHelper],
      "passage/no-literal-text": "error",
      "passage/no-viewer-in-shared-part": "error",
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}", "app/root.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": restrictImports(rootDataThroughLib),
    },
  },
  {
    // Not even types: a component's props are described in domain/ or beside it, so a change of a
    // service's return shape shows in the loader that hands the data over, not in every card.
    files: ["app/components/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": restrictImports(rootDataThroughLib, {
        group: ["~/server/*"],
        message:
          "Components never import server/, not even a type: their route's loader hands them the data, typed in domain/ or beside the component.",
      }),
      "no-restricted-syntax": ["error", ...oneDateHelper, rootDataHookOnlyInLib],
    },
  },
  {
    // A route module is a screen's loader, action and page; past 400 lines its dialogs, forms and
    // sections move beside it (<screen>-*.tsx) and its heavier server code into server/<domain>/.
    files: ["app/routes/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "max-lines": ["error", { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ["{app,server,domain}/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    plugins: { cycles: { rules: { "no-import-cycle": noImportCycle } } },
    rules: { "cycles/no-import-cycle": "error" },
  },
  {
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": restrictImports(rootDataThroughLib, {
        group: ["~/server/db/*"],
        allowTypeImports: true,
        message: "Routes never query the database: call a service in server/<domain>/.",
      }),
      "no-restricted-syntax": [
        "error",
        ...oneDateHelper,
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message:
            "A route never opens a transaction: the service that owns the change commits it.",
        },
      ],
    },
  },
);
