/** The two databases the search index runs on (its schema differs between them). */
export type SearchDialect = 'sqlite' | 'postgres';
