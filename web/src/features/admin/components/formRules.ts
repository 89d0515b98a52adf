import type { TValidator } from '@portal/contract';
import type { FormRule } from 'antd';

/**
 * An antd form rule from one of the contract's validators: the form refuses exactly what the
 * server refuses, with the same Chinese message (STYLE.md: one rule for the form and the API).
 */
export function contractRule(validate: TValidator): FormRule {
  return {
    validator: async (_rule, value: string | null | undefined) => {
      const message = validate(value);
      if (message !== null) {
        throw new Error(message);
      }
    },
  };
}
