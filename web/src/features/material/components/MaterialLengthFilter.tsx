import { useState, type FormEvent } from 'react';
import { parseMaterialLength, validateMaterialLengthRange } from '@portal/contract';
import type { TLengthRange } from '../../../entities/content/api.ts';
import { MATERIAL_TEXT } from '../texts.ts';
import './MaterialLengthFilter.css';

const ERROR_ID = 'material-length-error';

/**
 * 最短 / 最长 (秒) with 筛选 above the material list (spec §2, §5): empty bounds are no limit;
 * anything typed must be a positive integer (素材时间请输入正整数), shown under the inputs, and
 * nothing is sent until the range is valid.
 */
export function MaterialLengthFilter({ onApply }: { onApply: (range: TLengthRange) => void }) {
  const [min, setMin] = useState('');
  const [max, setMax] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const error = validateMaterialLengthRange(min, max);
    setProblem(error);
    if (error === null) {
      onApply({ min: parseMaterialLength(min), max: parseMaterialLength(max) });
    }
  };

  const field = (label: string, value: string, set: (text: string) => void) => (
    <label className="material-length__field">
      <span>{label}</span>
      <input
        className="material-length__input"
        type="text"
        inputMode="numeric"
        value={value}
        aria-invalid={problem !== null}
        aria-describedby={problem ? ERROR_ID : undefined}
        onChange={(event) => {
          set(event.target.value);
          if (problem) {
            setProblem(null);
          }
        }}
      />
    </label>
  );

  return (
    <form className="material-length" aria-label={MATERIAL_TEXT.length.label} onSubmit={submit} noValidate>
      <div className="material-length__row">
        {field(MATERIAL_TEXT.length.min, min, setMin)}
        <span aria-hidden="true">–</span>
        {field(MATERIAL_TEXT.length.max, max, setMax)}
        <button type="submit" className="material-length__submit">
          {MATERIAL_TEXT.length.apply}
        </button>
      </div>
      {problem && (
        <p id={ERROR_ID} className="material-length__error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
