import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { routePreloads, withModulePreloads } from './route-preloads.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function webDist(withBuildFiles = true): string {
  const dir = mkdtempSync(join(tmpdir(), 'route-preloads-'));
  dirs.push(dir);
  if (withBuildFiles) {
    mkdirSync(join(dir, '.vite'));
    writeFileSync(
      join(dir, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': {
          file: 'assets/index-1.js',
          isEntry: true,
          imports: ['_react-1.js'],
          css: ['assets/index-1.css'],
        },
        '_react-1.js': { file: 'assets/react-1.js' },
        '_api-1.js': { file: 'assets/api-1.js', imports: ['_react-1.js'] },
        'src/app/shell/ShellLayout.tsx': {
          file: 'assets/ShellLayout-1.js',
          imports: ['index.html', '_react-1.js', '_api-1.js'],
          css: ['assets/ShellLayout-1.css'],
        },
        'src/features/home/pages/HomePage.tsx': {
          file: 'assets/HomePage-1.js',
          imports: ['_api-1.js'],
          css: ['assets/HomePage-1.css'],
        },
        'src/features/report/pages/ReportDetailsPage.tsx': { file: 'assets/ReportDetailsPage-1.js' },
      }),
    );
    writeFileSync(
      join(dir, '.vite', 'route-table.json'),
      JSON.stringify({
        routes: [
          {
            path: '/homepage',
            modules: ['src/app/shell/ShellLayout.tsx', 'src/features/home/pages/HomePage.tsx'],
          },
          {
            path: '/report/report_details/:id',
            modules: ['src/app/shell/ShellLayout.tsx', 'src/features/report/pages/ReportDetailsPage.tsx'],
          },
        ],
      }),
    );
  }
  return dir;
}

describe('routePreloads', () => {
  it("links a screen's chunks and their imports, leaving out what the entry loads, and lists the entry's CSS, then the screen's", () => {
    const code = routePreloads(webDist())('/homepage?tab=report');
    expect(code?.chunks).toEqual(['/assets/ShellLayout-1.js', '/assets/api-1.js', '/assets/HomePage-1.js']);
    expect(code?.styles).toEqual([
      '/assets/index-1.css',
      '/assets/ShellLayout-1.css',
      '/assets/HomePage-1.css',
    ]);
  });

  it('matches routes with parameters, and nothing for unknown paths or a build without the files', () => {
    const preloads = routePreloads(webDist());
    expect(preloads('/report/report_details/42')?.chunks).toContain('/assets/ReportDetailsPage-1.js');
    expect(preloads('/report/report_details/42')?.styles).toEqual([
      '/assets/index-1.css',
      '/assets/ShellLayout-1.css',
    ]);
    expect(preloads('/report/report_details/42/extra')).toBeNull();
    expect(preloads('/nowhere')).toBeNull();
    expect(routePreloads(webDist(false))('/homepage')).toBeNull();
  });
});

describe('withModulePreloads', () => {
  it("asks for the chunks at the end of <head>, after the build's own tags, and leaves a page without chunks as it is", () => {
    const page =
      '<head>\n    <script type="module" crossorigin src="/assets/index-1.js"></script>\n  </head>';
    expect(withModulePreloads(page, ['/assets/a-1.js', '/assets/b-1.js'])).toBe(
      '<head>\n    <script type="module" crossorigin src="/assets/index-1.js"></script>\n' +
        '    <link rel="modulepreload" crossorigin href="/assets/a-1.js">\n' +
        '    <link rel="modulepreload" crossorigin href="/assets/b-1.js">\n  </head>',
    );
    expect(withModulePreloads(page, [])).toBe(page);
  });
});
