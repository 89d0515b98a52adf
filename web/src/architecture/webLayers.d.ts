// Types of webLayers.js (plain JavaScript so that eslint.config.js loads it without a build).
import type { ESLint } from 'eslint';

export type TWebLayer = { layer: string; domain?: string };
export function layerOf(relative: string): TWebLayer | null;
export function layerViolation(from: string, to: string): string | null;
export const webLayersPlugin: ESLint.Plugin;
