// Splits a migration script into statements at the semicolons that end them: not those inside
// quotes, quoted names, dollar-quoted bodies (functions, triggers) or comments. The Prisma driver
// adapter splits at every semicolon, which breaks a function body into pieces.

/** @param {string} script @returns {string[]} */
export function splitSqlStatements(script) {
  const statements = [];
  let start = 0;
  let i = 0;
  while (i < script.length) {
    const rest = script.slice(i);
    const char = script[i];
    if (rest.startsWith("--")) {
      const end = script.indexOf("\n", i);
      i = end === -1 ? script.length : end + 1;
    } else if (rest.startsWith("/*")) {
      const end = script.indexOf("*/", i + 2);
      i = end === -1 ? script.length : end + 2;
    } else if (char === "'" || char === '"') {
      // A doubled quote inside is an escaped one: the scan simply reopens the same quote.
      const end = script.indexOf(char, i + 1);
      i = end === -1 ? script.length : end + 1;
    } else if (char === "$" && /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.test(rest)) {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(rest)[0];
      const end = script.indexOf(tag, i + tag.length);
      i = end === -1 ? script.length : end + tag.length;
    } else if (char === ";") {
      statements.push(script.slice(start, i));
      i++;
      start = i;
    } else {
      i++;
    }
  }
  statements.push(script.slice(start));
  return statements.map((statement) => statement.trim()).filter((statement) => statement.length > 0);
}
