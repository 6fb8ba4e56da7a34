import { isFlowCondition, isFlowTimer, type FlowTimerKind } from '@property/domain';
import { AutoComplete, Form, Input, Select, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { api, type Page } from '../../app/http';
import { useTranslation, type Translate } from '../../app/i18n';
import { useCanRead } from '../../app/permissions';
import type { ElementChange, ElementProps, OpenModel } from './bpmn-modeler';
import { useLoaded } from './use-loaded';

type Option = { value: string; label: string };
type Values = {
  id: string;
  name: string;
  assignee?: string;
  candidateUsers?: string[];
  candidateRoles?: string[];
  candidateDepts?: string[];
  condition?: string;
  timerKind?: FlowTimerKind;
  timerValue?: string;
};

const ID_PATTERN = /^[A-Za-z_][\w-]*$/;
const TIMER_KINDS: FlowTimerKind[] = ['timeDuration', 'timeDate', 'timeCycle'];

/**
 * The choices of a picker from a system call, asked only of a user who may read that resource (its menu):
 * anyone else types the value (the pickers take free text), and no refused call reaches the console.
 */
function useChoices(code: string, load: () => Promise<Option[]>): Option[] {
  const readable = useCanRead(code);
  const loaded = useLoaded(() => (readable ? load() : Promise.resolve([])), `${code}:${String(readable)}`);
  return loaded ?? [];
}

/** The panel's values of an element: candidate groups that are known departments apart from the roles. */
function valuesOf(props: ElementProps, deptIds: ReadonlySet<string>): Values {
  const groups = props.people?.candidateGroups ?? [];
  return {
    id: props.id,
    name: props.name,
    assignee: props.people?.assignee,
    candidateUsers: props.people?.candidateUsers,
    candidateRoles: groups.filter((g) => !deptIds.has(g)),
    candidateDepts: groups.filter((g) => deptIds.has(g)),
    condition: props.condition,
    timerKind: props.timer?.kind,
    timerValue: props.timer?.value,
  };
}

/** An element's BPMN type in the console's words; a type the designer does not name shows as BPMN writes it. */
function typeNameOf(t: Translate, type: string): string {
  const bpmnType = type.replace(/^bpmn:/, '');
  const key = `flow.elementType${bpmnType}`;
  return t(key) === key ? bpmnType : t(key);
}

/**
 * Every element of the diagram in a searchable list: choosing one selects it as a click on the canvas would,
 * so the panel's properties are reached by keyboard too (the canvas itself takes a mouse).
 */
function ElementPicker({ model, selectedId }: { model: OpenModel; selectedId: string | undefined }) {
  const { t } = useTranslation();
  const [version, setVersion] = useState(0);
  useEffect(() => model.onElementsChanged(() => setVersion((v) => v + 1)), [model]);
  const options = useMemo(
    () => model.elements().map((e) => ({ value: e.id, label: `${e.name || e.id} · ${typeNameOf(t, e.type)}` })),
    [model, version, t],
  );
  return (
    <div className="flow-element-picker">
      <label htmlFor="flow-element-picker">{t('flow.elementPicker')}</label>
      <Select
        id="flow-element-picker"
        size="small"
        showSearch
        optionFilterProp="label"
        placeholder={t('flow.elementPickerHint')}
        value={selectedId}
        options={options}
        onChange={(id: string) => model.select(id)}
      />
    </div>
  );
}

/**
 * The designer's properties panel: what the server's engine reads of the selected element — its id and
 * name; a user task's assignee and candidates (users, roles, departments: who may claim it); a sequence
 * flow's condition on process variables; a timer event's duration, date or cycle. Each change goes through
 * the modeler's commands (undo takes it back) once its field is valid: on leaving a text field or Enter,
 * at once for a picker.
 */
export function PropertiesPanel({ model }: { model: OpenModel | undefined }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [shown, setShown] = useState<{ props: ElementProps | null; selection: number }>({ props: null, selection: 0 });
  const users = useChoices('user', async () => {
    const page = await api.get<Page<{ id: string; realName?: string; account: string }>>('/blade-system/user/page', {
      current: 1,
      size: 200,
    });
    return page.records.map((u) => ({ value: String(u.id), label: u.realName || u.account }));
  });
  const roles = useChoices('role', async () => {
    const list = await api.get<Array<{ roleAlias: string; roleName: string }>>('/blade-system/role/select');
    return list.map((r) => ({ value: r.roleAlias, label: `${r.roleName} (${r.roleAlias})` }));
  });
  const depts = useChoices('dept', async () => {
    const list = await api.get<Array<{ id: string; deptName: string }>>('/blade-system/dept/select');
    return list.map((d) => ({ value: String(d.id), label: d.deptName }));
  });
  const deptIds = new Set(depts.map((d) => d.value));

  useEffect(() => {
    model?.onSelect((props, selected) => setShown((was) => ({ props, selection: selected ? was.selection + 1 : was.selection })));
  }, [model]);
  const { props, selection } = shown;
  useEffect(() => {
    if (props) form.setFieldsValue(valuesOf(props, deptIds));
    // Departments arriving later sort the groups again.
  }, [props, depts.length]);

  if (!model || !props) {
    return (
      <aside className="flow-properties" aria-label={t('flow.propertiesLabel')}>
        <h3 className="flow-properties-title">{t('flow.properties')}</h3>
        {model && <ElementPicker model={model} selectedId={undefined} />}
        <Typography.Text type="secondary">{t('flow.propertiesNone')}</Typography.Text>
      </aside>
    );
  }

  /** Applies one field once it is valid (a refused value stays on the form with its message). */
  const commit = async (field: keyof Values, change: (values: Values) => ElementChange) => {
    try {
      await form.validateFields([field]);
    } catch {
      return;
    }
    model.update(props.id, change(form.getFieldsValue(true) as Values));
  };
  const text = (field: keyof Values, change: (values: Values) => ElementChange) => ({
    onBlur: () => void commit(field, change),
    onPressEnter: () => void commit(field, change),
  });
  const groups = (v: Values): ElementChange => ({ candidateGroups: [...(v.candidateRoles ?? []), ...(v.candidateDepts ?? [])] });
  /** A task's candidates of one kind: free names too where the list is a help ('tags'), chosen ones only otherwise. */
  const candidates = (
    field: 'candidateUsers' | 'candidateRoles' | 'candidateDepts',
    mode: 'tags' | 'multiple',
    options: typeof users,
    change: (values: Values) => ElementChange,
  ) => (
    <Form.Item name={field} label={t(`flow.${field}`)}>
      <Select mode={mode} options={options} optionFilterProp="label" onChange={() => void commit(field, change)} />
    </Form.Item>
  );
  return (
    <aside className="flow-properties" aria-label={t('flow.propertiesLabel')}>
      <h3 className="flow-properties-title">{t('flow.properties')}</h3>
      <ElementPicker model={model} selectedId={props.id} />
      <Form
        key={selection}
        form={form}
        name="flow-properties"
        layout="vertical"
        size="small"
        initialValues={valuesOf(props, deptIds)}
      >
        <Form.Item label={t('flow.elementType')}>
          <Typography.Text>{typeNameOf(t, props.type)}</Typography.Text>
        </Form.Item>
        <Form.Item
          name="id"
          label={t('flow.elementId')}
          rules={[
            { required: true, message: t('flow.elementIdPattern') },
            { pattern: ID_PATTERN, message: t('flow.elementIdPattern') },
            {
              validator: (_, id: string) =>
                model.idTaken(props.id, id) ? Promise.reject(new Error(t('flow.elementIdTaken'))) : Promise.resolve(),
            },
          ]}
        >
          <Input maxLength={64} {...text('id', (v) => ({ id: v.id }))} />
        </Form.Item>
        <Form.Item name="name" label={t('flow.elementName')}>
          <Input maxLength={100} {...text('name', (v) => ({ name: v.name }))} />
        </Form.Item>
        {props.people && (
          <>
            <Form.Item name="assignee" label={t('flow.assigneeExpression')} extra={t('flow.assigneeHint')}>
              <AutoComplete
                options={users}
                allowClear
                filterOption={(input, option) => `${option?.label ?? ''} ${option?.value ?? ''}`.includes(input)}
                onBlur={() => void commit('assignee', (v) => ({ assignee: v.assignee ?? '' }))}
                onSelect={() => void commit('assignee', (v) => ({ assignee: v.assignee ?? '' }))}
                onClear={() => model.update(props.id, { assignee: '' })}
              />
            </Form.Item>
            {candidates('candidateUsers', 'tags', users, (v) => ({ candidateUsers: v.candidateUsers ?? [] }))}
            {candidates('candidateRoles', 'tags', roles, groups)}
            {candidates('candidateDepts', 'multiple', depts, groups)}
          </>
        )}
        {props.condition !== undefined && (
          <Form.Item
            name="condition"
            label={t('flow.conditionExpression')}
            extra={t('flow.conditionHint')}
            rules={[
              {
                validator: (_, value?: string) =>
                  !value?.trim() || isFlowCondition(value)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('flow.conditionInvalid'))),
              },
            ]}
          >
            <Input maxLength={200} {...text('condition', (v) => ({ condition: v.condition ?? '' }))} />
          </Form.Item>
        )}
        {props.timer && (
          <>
            <Form.Item name="timerKind" label={t('flow.timerType')}>
              <Select
                options={TIMER_KINDS.map((k) => ({ value: k, label: t(`flow.${k}`) }))}
                onChange={() => void commit('timerValue', timerChange)}
              />
            </Form.Item>
            <Form.Item
              name="timerValue"
              label={t('flow.timerValue')}
              extra={t('flow.timerHint')}
              dependencies={['timerKind']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, value?: string) =>
                    value?.trim() && isFlowTimer(getFieldValue('timerKind') as FlowTimerKind, value)
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('flow.timerInvalid'))),
                }),
              ]}
            >
              <Input maxLength={100} {...text('timerValue', timerChange)} />
            </Form.Item>
          </>
        )}
      </Form>
    </aside>
  );
}

const timerChange = (v: Values): ElementChange => ({ timer: { kind: v.timerKind ?? 'timeDuration', value: v.timerValue ?? '' } });
