// @vitest-environment node
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { layerViolation, webLayersPlugin } from './webLayers.js';

/** Lints one file's text as if it were at web/src/<path>, with only the layers rule on. */
function lint(path: string, code: string): string[] {
  const linter = new Linter({ configType: 'flat', cwd: '/repo' });
  const config = [
    {
      files: ['**/*.tsx', '**/*.ts'],
      plugins: { web: webLayersPlugin },
      rules: { 'web/layers': 'error' as const },
    },
  ];
  return linter.verify(code, config, { filename: `/repo/web/src/${path}` }).map((m) => m.message);
}

describe('web layers (README "Web seams")', () => {
  it('fails a feature that imports another feature, however the path is spelled', () => {
    const messages = lint(
      'features/search/pages/SearchPage.tsx',
      [
        "import { ReportRow } from '../../report/list/ReportRow.tsx';",
        "export { x } from '../../../features/notes/api.ts';",
        "const page = import('../../home/pages/HomePage.tsx');",
      ].join('\n'),
    );
    expect(messages).toHaveLength(3);
    expect(messages[0]).toMatch(
      /^features\/search may not import another feature's file \(features\/report\/list\/ReportRow.tsx\)/,
    );
  });

  it("lets a feature use its own files, entities, components, the api and the session, not the app's", () => {
    expect(
      lint(
        'features/search/pages/SearchPage.tsx',
        [
          "import { SEARCH_TEXT } from '../texts.ts';",
          "import { ContentFeed } from '../../../entities/content/components/ContentFeed.tsx';",
          "import { EmptyState } from '../../../components/EmptyState.tsx';",
          "import { api } from '../../../api/client.ts';",
          "import { useSession } from '../../../app/session/sessionStore.ts';",
          "import './SearchPage.css';",
          "import { z } from 'zod';",
        ].join('\n'),
      ),
    ).toEqual([]);
    expect(
      lint('features/search/pages/SearchPage.tsx', "import { APP_TEXT } from '../../../app/texts.ts';"),
    ).toEqual([
      'features/search may not import app (app/texts.ts): features may use entities, session, components, api, styles, test',
    ]);
  });

  it('keeps entities, components, the api and the session below the features', () => {
    expect(layerViolation('entities/detail/api.ts', 'features/report/texts.ts')).toMatch(
      /^entities\/detail may not import features/,
    );
    expect(
      layerViolation('entities/content/components/ContentFeed.tsx', 'entities/favorites/api.ts'),
    ).toBeNull();
    expect(layerViolation('components/ContentList.tsx', 'entities/content/api.ts')).toMatch(
      /^components may not import entities/,
    );
    expect(layerViolation('components/CardGrid.tsx', 'features/home/texts.ts')).toMatch(
      /^components may not import features/,
    );
    expect(layerViolation('api/notify.ts', 'app/shell/TopBar.tsx')).toMatch(/^api may not import app/);
    expect(layerViolation('app/session/session.ts', 'app/shell/useLogout.ts')).toMatch(
      /^session may not import app/,
    );
    expect(layerViolation('app/session/session.ts', 'api/client.ts')).toBeNull();
    expect(layerViolation('test/searchHits.ts', 'features/search/texts.ts')).toMatch(
      /^test may not import features/,
    );
  });

  it('lets the app import every layer', () => {
    expect(layerViolation('app/AppRoutes.tsx', 'features/admin/layout/sections.ts')).toBeNull();
    expect(layerViolation('main.tsx', 'features/home/earlyBanners.ts')).toBeNull();
  });
});
