import { readFile } from 'node:fs/promises';
import { parseAst, type Plugin } from 'vite';

const MESSAGES_FILE = new URL('../packages/contract/src/messages.ts', import.meta.url);
const MESSAGES_SRC = /[\\/]packages[\\/]contract[\\/]src[\\/]messages\.ts$/;
const CONTRACT_SOURCES = /^(@portal\/contract|.*[\\/]messages\.ts)$/;
const MESSAGE_ID = '\0portal:message/';
const NAME = /^[A-Za-z_$][\w$]*$/;

type TNode = { type: string; start: number; end: number };
type TProperty = TNode & {
  key: TNode & { name?: string; value?: unknown };
  value: TNode & { value?: unknown };
};
type TStatement = TNode & {
  declaration?: (TNode & { declarations?: { id: { name?: string }; init: TNode | null }[] }) | null;
  source?: { value?: unknown };
  specifiers?: { imported?: { name?: string }; local?: { name?: string } }[];
};

export const isMessageModule = (id: string) => id.startsWith(MESSAGE_ID);

/** `export const MSG = { key: 'text', … } as const` of messages.ts as a map; anything but plain strings fails. */
function messagesOf(source: string): Map<string, string> {
  const program = parseAst(source, { lang: 'ts' }) as unknown as { body: TStatement[] };
  const statement = program.body.find(
    (s) => s.type === 'ExportNamedDeclaration' && s.declaration?.declarations?.[0]?.id.name === 'MSG',
  );
  type TObject = TNode & { properties?: TProperty[]; expression?: TObject };
  const declared = statement?.declaration?.declarations?.[0]?.init as TObject | undefined;
  const init = declared?.type === 'TSAsExpression' ? declared.expression : declared;
  if (init?.type !== 'ObjectExpression' || !init.properties) {
    throw new Error('messages.ts: expected `export const MSG = { ... }`');
  }
  const messages = new Map<string, string>();
  for (const [index, property] of init.properties.entries()) {
    const key = property.key.name ?? property.key.value;
    if (property.type !== 'Property' || typeof key !== 'string' || !NAME.test(key)) {
      throw new Error(`messages.ts: MSG entry ${index} is not a plain key`);
    }
    if (property.value.type !== 'Literal' || typeof property.value.value !== 'string') {
      throw new Error(`messages.ts: MSG.${key} is not a string`);
    }
    messages.set(key, property.value.value);
  }
  return messages;
}

/** The local name a module imports MSG under from the contract, if it does. */
function importedMsg(code: string): string | null {
  const program = parseAst(code) as unknown as { body: TStatement[] };
  for (const node of program.body) {
    if (node.type === 'ImportDeclaration' && CONTRACT_SOURCES.test(String(node.source?.value))) {
      const specifier = node.specifiers?.find((s) => s.imported?.name === 'MSG');
      if (specifier?.local?.name) {
        return specifier.local.name;
      }
    }
  }
  return null;
}

/**
 * The contract's `MSG` — every user-facing message, ~260 — is one object literal, and a bundler
 * keeps an object whole once any property of it is read: every screen's first chunk carried all
 * of them (5.2 KiB compressed of /login's 102; the login page shows six). In the web build each
 * `MSG.key` read becomes an import of a module holding that one message, so a screen's chunks
 * carry the messages its code shows, and firstScreenChunks.ts groups them with that code. The
 * source stays one object for the server, the types and the tests. Its values are plain strings:
 * anything else fails the build rather than being guessed at.
 */
export function messageModules(): Plugin {
  let messages: Map<string, string> | null = null;
  return {
    name: 'portal:message-modules',
    apply: 'build',
    resolveId: (id) => (isMessageModule(id) ? { id, moduleSideEffects: false } : null),
    async load(id) {
      if (!isMessageModule(id)) {
        return null;
      }
      messages ??= messagesOf(await readFile(MESSAGES_FILE, 'utf8'));
      const text = messages.get(id.slice(MESSAGE_ID.length));
      if (text === undefined) {
        throw new Error(`MSG.${id.slice(MESSAGE_ID.length)} is not in messages.ts`);
      }
      return `export default ${JSON.stringify(text)};`;
    },
    transform(code, id) {
      if (MESSAGES_SRC.test(id) || id.includes('node_modules') || !code.includes('MSG')) {
        return null;
      }
      const local = importedMsg(code);
      if (!local) {
        return null;
      }
      const reads = new Map<string, string>();
      const out = code.replace(new RegExp(`\\b${local}\\.([A-Za-z_$][\\w$]*)`, 'g'), (_, key: string) => {
        const name = `__msg_${key}`;
        reads.set(key, name);
        return name;
      });
      const imports = [...reads].map(
        ([key, name]) => `import ${name} from ${JSON.stringify(`${MESSAGE_ID}${key}`)};`,
      );
      return { code: `${imports.join('\n')}\n${out}`, map: null };
    },
  };
}
