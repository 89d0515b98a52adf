import { afterEach, describe, expect, it } from 'vitest';
import { VIEWPORT_ATTRIBUTE, VIEWPORT_COOKIE, rememberViewportWidth } from './viewportHint.ts';

const widthCookie = () =>
  document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${VIEWPORT_COOKIE}=`));

afterEach(() => {
  document.cookie = `${VIEWPORT_COOKIE}=; max-age=0; path=/`;
  document.body.innerHTML = '';
});

describe('rememberViewportWidth', () => {
  it('stores the window width for the next server render when this page was rendered for another', () => {
    document.body.innerHTML = `<div id="root" ${VIEWPORT_ATTRIBUTE}="390"></div>`;
    rememberViewportWidth();
    expect(widthCookie()).toBe(`${VIEWPORT_COOKIE}=${window.innerWidth}`);
  });

  it('writes nothing when the page was rendered for this width already', () => {
    document.body.innerHTML = `<div id="root" ${VIEWPORT_ATTRIBUTE}="${window.innerWidth}"></div>`;
    rememberViewportWidth();
    expect(widthCookie()).toBeUndefined();
  });
});
