// Entry point: `node --import tsx server/start.ts [--dev]`. NODE_ENV must be set before React and
// React Router are first imported, or development and production builds of React get mixed.
process.env.NODE_ENV ??= process.argv.includes("--dev") ? "development" : "production";
await import("./main");
export {};
