// @vitest-environment node
import { MSG } from '@portal/contract';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { isMessageModule, messageModules } from '../../messageModules.ts';

type THook = (this: unknown, ...args: unknown[]) => unknown;
const hook = (plugin: Plugin, name: 'transform' | 'load' | 'resolveId') => plugin[name] as unknown as THook;

describe('the web build: one module per message', () => {
  it('turns each MSG.key read into an import of that message alone', async () => {
    const plugin = messageModules();
    const code = [
      "import { MSG, PHONE_RE } from '@portal/contract';",
      'export const check = (v) => (PHONE_RE.test(v) ? null : MSG.codeRequired);',
      'export const fallback = MSG.serverError;',
    ].join('\n');
    const out = hook(plugin, 'transform').call({}, code, '/repo/web/src/x.ts') as { code: string };
    expect(out.code).not.toMatch(/\bMSG\./);
    const imported = [...out.code.matchAll(/from ("[^"]+")/g)].map((m) => JSON.parse(m[1] ?? '""') as string);
    expect(imported.filter(isMessageModule)).toHaveLength(2);
    // Each holds exactly the contract's text.
    for (const id of imported.filter(isMessageModule)) {
      const key = id.split('/').pop() as keyof typeof MSG;
      expect(await hook(plugin, 'load').call({}, id)).toBe(`export default ${JSON.stringify(MSG[key])};`);
    }
  });

  it('leaves modules that do not import MSG alone, and refuses a message that is not there', async () => {
    const plugin = messageModules();
    expect(
      hook(plugin, 'transform').call({}, 'const MSG = { a: 1 }; MSG.a;', '/repo/web/src/y.ts'),
    ).toBeNull();
    await expect(hook(plugin, 'load').call({}, '\0portal:message/noSuchMessage')).rejects.toThrow(
      'MSG.noSuchMessage is not in messages.ts',
    );
  });
});
