/**
 * A text box that writes to the diagram when the user is done (leaving the box or pressing Enter), not per
 * keystroke, so one edit is one undo step. It follows the diagram's value when that changes (undo, another
 * element selected). `isValid` holds back a value the diagram must not get (an invalid process key).
 */
import { Input } from 'antd';
import { useState } from 'react';

export interface CommitInputProps {
  value: string;
  onCommit: (value: string) => void;
  isValid?: (value: string) => boolean;
  isMultiLine?: boolean;
  placeholder?: string;
  testId?: string;
}

export function CommitInput({ value, onCommit, isValid = () => true, isMultiLine, placeholder, testId }: CommitInputProps) {
  const [draft, setDraft] = useState(value);
  // The diagram's value changed under the box (undo, another element): show it (React's "adjust state on a prop change").
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    setDraft(value);
  }
  const isDraftValid = isValid(draft);
  const commit = () => {
    if (draft !== value && isDraftValid) onCommit(draft);
  };
  const shared = {
    value: draft,
    placeholder,
    status: isDraftValid ? undefined : ('error' as const),
    onBlur: commit,
    'data-testid': testId,
  };
  if (isMultiLine) {
    return <Input.TextArea {...shared} autoSize={{ minRows: 2, maxRows: 6 }} onChange={(event) => setDraft(event.target.value)} />;
  }
  return <Input {...shared} onChange={(event) => setDraft(event.target.value)} onPressEnter={commit} />;
}
