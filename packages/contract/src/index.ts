export * from './envelope.ts';
export * from './messages.ts';
export * from './auth.ts';
export * from './session.ts';
export * from './menu.ts';
export * from './rules/text.ts';
export * from './rules/patterns.ts';
export * from './rules/fields.ts';
