import type { RegionOption, Static } from '@property/domain';
import { Cascader } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../app/http';
import { useTranslation } from '../../app/i18n';

type Region = Static<typeof RegionOption>;
interface Choice {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: Choice[];
}

const SELECT = '/epidemic-control/epidemic-region/select';
const choicesOf = (regions: Region[]): Choice[] =>
  regions.map((r) => ({ value: r.value, label: r.title, isLeaf: !r.hasChildren }));
const childrenOf = async (code: string) => choicesOf(await api.get<Region[]>(SELECT, { code }));

/** A region code's path from its province: 4403 → [44, 4403] (codes nest by two digits). */
export function regionPath(code: string | undefined | null): string[] {
  if (!code) return [];
  const path: string[] = [];
  for (let end = 2; end <= code.length; end += 2) path.push(code.slice(0, end));
  return path;
}

/**
 * The from-region picker of a health registration: provinces, then their cities as a province opens
 * (epidemic-region/select, the system's regions); the form keeps the code chosen, at any level.
 * Takes the form item's value, onChange and id (its label names it).
 */
export function RegionCascader({
  value,
  onChange,
  id,
}: {
  value?: string | null;
  onChange?: (code: string | null) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<Choice[]>([]);
  useEffect(() => {
    let live = true;
    // The provinces, and the children of the chosen code's province so an edit shows its names.
    void (async () => {
      const provinces = await childrenOf('00');
      const [province] = regionPath(value);
      const opened = provinces.find((p) => p.value === province);
      if (opened && !opened.isLeaf) opened.children = await childrenOf(opened.value);
      if (live) setOptions(provinces);
    })();
    return () => {
      live = false;
    };
    // Loaded once per dialog (the value it opens with): later choices load their own children.
  }, []);
  const loadData = async (path: Choice[]) => {
    const target = path[path.length - 1]!;
    target.children = await childrenOf(target.value);
    setOptions((current) => [...current]);
  };
  return (
    <Cascader<Choice>
      id={id}
      options={options}
      loadData={(path) => void loadData(path as Choice[])}
      changeOnSelect
      allowClear
      placeholder={t('epidemic.regionPlaceholder')}
      value={regionPath(value)}
      onChange={(path) => onChange?.(path && path.length > 0 ? String(path[path.length - 1]) : null)}
      style={{ width: '100%' }}
    />
  );
}
