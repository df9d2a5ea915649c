import { z } from "zod";

/** Server-side list paging, search and sort, parsed from URL search params. */
export const listQuerySchema = z.object({
  q: z.string().trim().max(100).optional().default(""),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  size: z.coerce.number().int().min(5).max(200).catch(20).default(20),
  sort: z.string().max(40).optional(),
  dir: z.enum(["asc", "desc"]).catch("asc").default("asc"),
});

export type ListQuery = z.infer<typeof listQuerySchema>;

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  size: number;
  pages: number;
}

export function parseListQuery(params: URLSearchParams | Record<string, unknown>): ListQuery {
  const raw = params instanceof URLSearchParams ? Object.fromEntries(params) : params;
  return listQuerySchema.parse(raw);
}

export function pickSort<K extends string>(requested: string | undefined, allowed: readonly K[], fallback: K): K {
  return (allowed as readonly string[]).includes(requested ?? "") ? (requested as K) : fallback;
}

export function toPage<T>(items: T[], total: number, q: ListQuery): Page<T> {
  return { items, total, page: q.page, size: q.size, pages: Math.max(1, Math.ceil(total / q.size)) };
}

export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
