/** The first message of each field from a schema's issues, keyed by the field (the first path segment). */
export function firstIssueByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    if (!Object.hasOwn(out, key)) out[key] = issue.message;
  }
  return out;
}
