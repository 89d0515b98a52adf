import type { z } from 'zod';

/** Test helper: each failing path ('' for the root) with its first message; {} when the input parses. */
export function issuesOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) {
    return {};
  }
  const issues: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    issues[path] ??= issue.message;
  }
  return issues;
}

/** Test helper: the first message of a failed parse, or null when the input parses. */
export function messageOf(schema: z.ZodType, input: unknown): string | null {
  const result = schema.safeParse(input);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}
