import { useSearchParams } from 'react-router';
import { readRange, riyadhToday, writeRange, type RangeSelection } from '../lib/date-range';

/** The range the address asks for, and a way to change it that the address keeps. */
export function useAnalyticsRange() {
  const [params, setParams] = useSearchParams();
  const range = readRange(params, riyadhToday());
  function setSelection(selection: RangeSelection) {
    setParams((current) => writeRange(current, selection));
  }
  return { ...range, search: params.toString(), setSelection };
}
