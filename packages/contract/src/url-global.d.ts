/**
 * The WHATWG `URL` class, global in both places the contract runs (Node and browsers). The
 * contract compiles with neither Node's types nor the DOM's (`types: []`, lib ES2023), so it
 * declares just the part it uses; the server and web builds see the full declarations.
 */
declare class URL {
  constructor(url: string, base?: string);
  readonly origin: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
  readonly searchParams: URLSearchParams;
}

declare class URLSearchParams {
  constructor(init?: string);
  get(name: string): string | null;
  has(name: string): boolean;
  append(name: string, value: string): void;
  toString(): string;
}
