/**
 * npx tsx build/static-styles.tsx > antd.css
 *
 * antd writes its CSS at run time: on each component's first render in the
 * browser it builds the component's style objects, serialises them and adds a
 * <style> tag. On the console's first screen that is about half of the main
 * thread's work. This renders the components the console uses once, on the
 * server, and prints their CSS together with antd's "cache path" record: with
 * that file on the page, antd finds each style already there and skips
 * building it. A component or theme not in the file (another colour from the
 * colour picker, say) is styled at run time as before.
 *
 * The Vite build runs this (see vite.config.ts); the theme comes from the same
 * `consoleTheme` the app uses, so the recorded style keys match.
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import {
  BetaSchemaForm,
  ModalForm,
  ProDescriptions,
  ProFormDateTimePicker,
  ProFormDigit,
  ProFormSelect,
  ProFormText,
  ProFormTextArea,
  ProTable,
  type ProColumns,
} from '@ant-design/pro-components';
import {
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Checkbox,
  Col,
  ColorPicker,
  ConfigProvider,
  DatePicker,
  Descriptions,
  Divider,
  Drawer,
  Dropdown,
  Empty,
  Form,
  Image,
  Input,
  InputNumber,
  Layout,
  List,
  Menu,
  Modal,
  Pagination,
  Popover,
  Progress,
  Radio,
  Result,
  Row,
  Select,
  Space,
  Spin,
  Statistic,
  Switch,
  Table,
  Tabs,
  Tag,
  Tooltip,
  Tree,
  TreeSelect,
  Typography,
  Upload,
  Watermark,
  theme,
} from 'antd';
import { renderToString } from 'react-dom/server';
import { APP } from '../src/app/config';
import { isDark } from '../src/app/contrast';
import { sideMenuTheme, topMenuTheme } from '../src/app/layout/menu-themes';
import { THEMES } from '../src/app/layout/themes';
import { consoleTheme } from '../src/app/theme';

/** The shell's menus as a first visit draws them: the default theme preset and colour (layout/menu-themes.ts). */
const DEFAULT_PRESET = THEMES[0];
const PRIMARY = theme.getDesignToken(consoleTheme(APP.colour)).colorPrimary;

/** Every value type the generic screen's columns and forms use (crud/columns.ts). */
const columns: ProColumns<Record<string, unknown>>[] = [
  { title: 'text', dataIndex: 'text' },
  { title: 'select', dataIndex: 'select', valueType: 'select', valueEnum: { 1: '1' } },
  { title: 'tree', dataIndex: 'tree', valueType: 'treeSelect' },
  { title: 'digit', dataIndex: 'digit', valueType: 'digit' },
  { title: 'money', dataIndex: 'money', valueType: 'money' },
  { title: 'date', dataIndex: 'date', valueType: 'date' },
  { title: 'dateTime', dataIndex: 'dateTime', valueType: 'dateTime' },
  { title: 'range', dataIndex: 'range', valueType: 'dateTimeRange' },
  { title: 'image', dataIndex: 'image', valueType: 'image', search: false },
  { title: 'password', dataIndex: 'password', valueType: 'password', search: false },
  { title: 'option', valueType: 'option', render: () => [<a key="edit">edit</a>] },
];

/** The components the console renders, each once: antd registers a component's whole style on its first render. */
function Catalogue() {
  return (
    <Layout>
      <Layout.Header>
        <Menu mode="horizontal" items={[{ key: 'a', label: 'a' }]} />
        <ConfigProvider theme={topMenuTheme(PRIMARY, DEFAULT_PRESET.header)}>
          <Menu mode="horizontal" items={[{ key: 'a', label: 'a' }]} />
          <Tooltip title="a">
            <span>a</span>
          </Tooltip>
        </ConfigProvider>
        <Badge count={1}>
          <Avatar>a</Avatar>
        </Badge>
        <Dropdown menu={{ items: [{ key: 'a', label: 'a' }] }}>
          <Button>a</Button>
        </Dropdown>
        <Popover content="a">
          <span>a</span>
        </Popover>
        <Tooltip title="a">
          <span>a</span>
        </Tooltip>
        <ColorPicker value={APP.colour} />
      </Layout.Header>
      <Layout>
        <Layout.Sider>
          <Menu mode="inline" items={[{ key: 'a', label: 'a', children: [{ key: 'b', label: 'b' }] }]} />
          <ConfigProvider theme={sideMenuTheme(PRIMARY, DEFAULT_PRESET)}>
            <Menu
              mode="inline"
              theme={isDark(DEFAULT_PRESET.sider) ? 'dark' : 'light'}
              items={[{ key: 'a', label: 'a', children: [{ key: 'b', label: 'b' }] }]}
            />
            {/* A collapsed sidebar names its items in tooltips, under the menu's theme. */}
            <Tooltip title="a">
              <span>a</span>
            </Tooltip>
          </ConfigProvider>
        </Layout.Sider>
        <Layout.Content>
          <Tabs items={[{ key: 'a', label: 'a', closable: true }]} type="editable-card" hideAdd />
          <Watermark content="a">
            <ProTable columns={columns} dataSource={[]} rowKey="id" rowSelection={{}} search={{ labelWidth: 'auto' }} />
          </Watermark>
          <ProDescriptions columns={columns as never} dataSource={{}} />
          <BetaSchemaForm layoutType="Form" columns={columns as never} />
          <ModalForm open={false}>
            <ProFormText name="a" />
            <ProFormTextArea name="b" />
            <ProFormSelect name="c" />
            <ProFormDigit name="d" />
            <ProFormDateTimePicker name="e" />
          </ModalForm>
          <Form>
            <Form.Item label="a" name="a" rules={[{ required: true }]}>
              <Input />
            </Form.Item>
            <Input.Password />
            <Input.Search />
            <Input.TextArea />
            <InputNumber />
            <Select />
            <TreeSelect />
            <DatePicker />
            <DatePicker.RangePicker />
            <Checkbox />
            <Radio.Group options={['a']} />
            <Switch />
            <Upload listType="picture-card" />
          </Form>
          <Row>
            <Col span={12}>
              <Card title="a">
                <Statistic value={1} />
                <Progress percent={1} />
                <List dataSource={['a']} renderItem={(a) => <List.Item>{a}</List.Item>} />
              </Card>
            </Col>
          </Row>
          <Space>
            <Tag>a</Tag>
            <Divider />
            <Typography.Text>a</Typography.Text>
            <Typography.Title>a</Typography.Title>
            <Alert message="a" />
            <Spin />
            <Empty />
            <Result status="404" />
            <Image src="" />
          </Space>
          <Descriptions items={[{ key: 'a', label: 'a', children: 'a' }]} />
          <Table columns={[{ title: 'a', dataIndex: 'a' }]} dataSource={[]} />
          <Pagination total={100} showSizeChanger />
          <Tree treeData={[{ key: 'a', title: 'a' }]} />
          <Modal open={false} />
          <Drawer open={false} />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

export function staticStyles(): string {
  const cache = createCache();
  // The catalogue's placeholder props draw deprecation and empty-src notices from inside the libraries: not ours to act on.
  const quiet = { error: console.error, warn: console.warn };
  console.error = console.warn = () => undefined;
  renderToString(
    <StyleProvider cache={cache}>
      <ConfigProvider theme={consoleTheme(APP.colour)}>
        <Catalogue />
      </ConfigProvider>
    </StyleProvider>,
  );
  Object.assign(console, quiet);
  return extractStyle(cache, { plain: true });
}

process.stdout.write(staticStyles());
