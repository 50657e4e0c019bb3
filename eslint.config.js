import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The layers of app/ (docs/architecture.md): each folder may import only the folders below it.
// A flat config replaces a rule's options per file block, so every block repeats the base pattern.
const NO_SHARED = {
  group: ["**/shared/*", "../../shared/*"],
  message: "The project must not depend on ../shared.",
};
const above = (folders, message) => ({
  group: folders.flatMap((f) => [`~/${f}/**`, `**/../${f}/**`]),
  message,
});
const STAND_INS = above(["stand-ins"], "Only the server start and the route table know the stand-ins.");
const restrict = (...patterns) => ["error", { patterns: [NO_SHARED, ...patterns] }];

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-*/",
      "data/",
      ".react-router/",
      "app/generated/",
      "test-results/",
      "playwright-report/",
      "node_modules/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-imports": restrict(),
    },
  },
  {
    // The ground floor.
    files: ["app/lib/**"],
    rules: {
      "no-restricted-imports": restrict(
        above(
          ["domain", "middleware", "realtime", "ui", "routes", "stand-ins"],
          "app/lib is the ground floor: it imports nothing from the layers above it.",
        ),
      ),
    },
  },
  {
    // The domain takes plain values and returns typed results; the route owns HTTP.
    files: ["app/domain/**"],
    rules: {
      "no-restricted-imports": restrict(
        {
          group: ["react-router", "@react-router/*"],
          message: "The route owns HTTP: app/domain takes plain values.",
        },
        above(["middleware", "realtime", "ui", "routes"], "app/domain imports only app/lib and lower areas."),
        STAND_INS,
      ),
      "no-restricted-syntax": [
        "error",
        {
          selector: "TSTypeReference[typeName.name=/^(Request|Response|FormData|Headers)$/]",
          message: "The route reads the request: pass the domain plain values.",
        },
        {
          selector: ":function > Identifier > TSTypeAnnotation > TSTypeReference[typeName.name='URL']",
          message: "The route reads the URL: pass the domain the values it needs.",
        },
      ],
    },
  },
  {
    files: ["app/realtime/**", "app/middleware/**"],
    rules: {
      "no-restricted-imports": restrict(
        above(["ui", "routes"], "Routes and components sit above this layer."),
        STAND_INS,
      ),
    },
  },
  {
    // Route modules and app code must not import server-only modules from client components by accident.
    files: ["app/ui/**/*.tsx"],
    rules: {
      "no-restricted-imports": restrict(
        { group: ["*.server", "**/*.server"], message: "ui/ is client code." },
        STAND_INS,
      ),
    },
  },
);
