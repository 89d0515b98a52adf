import { readFile } from 'node:fs/promises';
import type { TPrivacyPolicy } from '@portal/contract';

const TITLE = '用户隐私政策';
const BUILT_IN = new URL('./privacy-policy.zh.txt', import.meta.url);

/**
 * The privacy policy shown at /user_private: the operator's file (PRIVACY_POLICY_FILE, default
 * DATA_DIR/privacy-policy.txt) when it exists, else the built-in text. Plain text, read on each
 * request so a replaced file shows without a restart; the page renders it as text, never HTML.
 */
export async function readPrivacyPolicy(file: string): Promise<TPrivacyPolicy> {
  const own = await readFile(file, 'utf8').catch(() => null);
  const text = own !== null && own.trim() !== '' ? own : await readFile(BUILT_IN, 'utf8');
  return { title: TITLE, text: text.replace(/\r\n?/g, '\n').trim() };
}
