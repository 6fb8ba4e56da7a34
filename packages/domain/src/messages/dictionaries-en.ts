import type { Locale } from './translate';

/**
 * English names of the dictionary entries the product seeds (by dictionary
 * code, then key). Dictionaries are data the server answers in Chinese; the
 * English console names the entries it knows by code and key, as it names
 * seeded menus by their code, and shows the server's words for any other
 * entry (one a tenant added). An entry renamed on the server keeps this
 * English name in the English console.
 */
export const DICT_LABELS_EN: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  sex: { 1: 'Male', 2: 'Female', 3: 'Unknown' },
  yes_no: { 0: 'No', 1: 'Yes' },
  open_close: { 1: 'Open', 0: 'Closed' },
  status: { 1: 'Normal', 0: 'Disabled' },
  menu_category: { 1: 'Menu', 2: 'Button' },
  menu_open: { 1: 'Same window', 2: 'New window' },
  button_func: { 0: 'None', 1: 'Toolbar', 2: 'Row actions', 3: 'Toolbar and row actions' },
  org_category: { 1: 'Company', 2: 'Department', 3: 'Team' },
  data_scope_type: { 1: 'All', 2: 'Own rows', 3: 'Own organisation', 4: 'Own organisation and below', 5: 'Custom' },
  api_scope_type: { 1: 'System API', 2: 'Business API' },
  post_category: { 1: 'Senior', 2: 'Middle', 3: 'Junior', 4: 'Other' },
  oss: { 1: 'MinIO', 2: 'Qiniu Cloud', 3: 'Alibaba Cloud', 4: 'Tencent Cloud' },
  sms: { 1: 'Yunpian', 2: 'Qiniu Cloud', 3: 'Alibaba Cloud', 4: 'Tencent Cloud' },
  notice: {
    1: 'Announcement',
    2: 'Approval notice',
    3: 'Forwarded notice',
    4: 'Instruction',
    5: 'Appointment notice',
    6: 'Business notice',
  },
  flow: { 1: 'Leave', 2: 'Expense claim' },
  region_level: { 1: 'Province', 2: 'City', 3: 'District', 4: 'Town', 5: 'Village' },
  id_type: {
    1: 'Resident identity card',
    2: 'Passport',
    3: 'Hong Kong and Macao permit',
    4: 'Taiwan permit',
    5: 'Other',
  },
  owner_type: { 1: 'Owner', 2: 'Family', 3: 'Tenant' },
  house_status: { 1: 'Owner-occupied', 2: 'Rented', 3: 'Vacant', 4: 'Being renovated' },
  parking_space_status: { 1: 'Free', 2: 'Sold', 3: 'Rented', 4: 'Occupied' },
  examine_status: { 0: 'Pending', 1: 'Approved', 2: 'Rejected' },
  job_state: { queued: 'Queued', running: 'Running', done: 'Done', failed: 'Failed', cancelled: 'Cancelled' },
  audit_action: { insert: 'Added', update: 'Changed', remove: 'Removed' },
  facility_status: { 1: 'Normal', 2: 'Under repair', 3: 'Out of service' },
  parking_hold_type: { 1: 'Sale', 2: 'Lease' },
  fee_type: { 1: 'Property fee', 2: 'Water', 3: 'Electricity', 4: 'Gas', 5: 'Parking', 6: 'Rent', 7: 'Other' },
  billing_cycle: { 1: 'Monthly', 2: 'Quarterly', 3: 'Half-yearly', 4: 'Yearly', 5: 'One-off' },
  formula_type: {
    1: 'Built area × price + additional',
    2: 'Fixed amount',
    3: 'Inner area × price + additional',
    4: 'Meter usage × price + additional',
    5: 'Rent with rises',
    6: 'Custom formula',
    7: 'Ad-hoc amount',
  },
  round_mode: { 1: 'Round half up', 2: 'Round up', 3: 'Round down' },
  bill_action: { 1: 'Created', 2: 'Changed', 3: 'Paid', 4: 'Reduced', 5: 'Closed', 6: 'Refunded', 7: 'Reminded', 8: 'Removed' },
  bill_line_type: { 1: 'Base', 2: 'Additional', 3: 'Vacant discount', 4: 'Adjustment' },
  sms_status: { 1: 'Recorded (not sent)', 2: 'Sent', 3: 'Failed' },
  pay_type: { 1: 'Cash', 2: 'Card', 3: 'Transfer', 4: 'Online', 5: 'Balance' },
  bill_status: { 1: 'Unpaid', 2: 'Paid', 3: 'Closed', 4: 'Refunded' },
  order_status: { 0: 'Awaiting payment', 1: 'Paid', 2: 'Refunded', 3: 'Cancelled' },
  prepaid_kind: { 1: 'Top-up', 2: 'Bill payment', 3: 'Refund to balance' },
  repair_status: { 0: 'To dispatch', 1: 'Dispatched', 2: 'Accepted', 3: 'Declined', 4: 'Under repair', 5: 'Done', 6: 'Closed' },
  repair_channel: { 1: 'By staff', 2: 'By phone', 3: 'Owner app' },
  repair_image_kind: { 1: 'Before', 2: 'After' },
  feedback_status: { 0: 'Submitted', 1: 'Handled', 2: 'Ignored' },
  reservation_status: { 0: 'To confirm', 1: 'Confirmed', 2: 'Done', 3: 'Cancelled' },
  patrol_task_status: { 0: 'Not started', 1: 'In progress', 2: 'Done', 3: 'Closed', 4: 'Expired' },
  patrol_point_status: { 0: 'To check', 1: 'Checked', 2: 'Missed' },
  patrol_result: { 1: 'Normal', 2: 'Abnormal' },
  club_product_type: { goods: 'Goods', hall: 'Hall' },
  epidemic_risk: { 1: 'Low risk', 2: 'Medium risk', 3: 'High risk' },
  health_status: { 1: 'Normal', 2: 'Fever', 3: 'Home quarantine', 4: 'Central quarantine' },
  house_type: { 1: 'Residence', 2: 'Apartment', 3: 'Villa', 4: 'Shop', 5: 'Office', 6: 'Garage', 7: 'Storeroom' },
  house_orientation: {
    1: 'East',
    2: 'South',
    3: 'West',
    4: 'North',
    5: 'South-east',
    6: 'North-east',
    7: 'South-west',
    8: 'North-west',
    9: 'North-south through',
  },
  decoration_type: { 1: 'Unfinished', 2: 'Basic finish', 3: 'Fully finished' },
  building_type: { 1: 'High-rise', 2: 'Mid-rise', 3: 'Low-rise', 4: 'Villa', 5: 'Commercial' },
  car_type: { 1: 'Small car', 2: 'Large vehicle', 3: 'New-energy car', 4: 'Motorcycle', 5: 'Other' },
  parking_type: { 1: 'Surface lot', 2: 'Underground lot', 3: 'Multi-storey garage' },
  parking_space_type: { 1: 'Owned space', 2: 'Civil-defence space', 3: 'Temporary space', 4: 'Charging space' },
  relation_type: { 1: 'Spouse', 2: 'Child', 3: 'Parent', 4: 'Sibling', 5: 'Other relative', 6: 'Other' },
  repair_type: {
    1: 'Plumbing and wiring',
    2: 'Doors and windows',
    3: 'Pipe unblocking',
    4: 'Elevator fault',
    5: 'Public facilities',
    6: 'Other',
  },
  feedback_type: { 1: 'Complaint', 2: 'Suggestion', 3: 'Praise', 4: 'Enquiry' },
  suggestion_type: { 1: 'Cleanliness', 2: 'Safety and order', 3: 'Facilities', 4: 'Service attitude', 5: 'Other' },
  reservation_type: { 1: 'Home repair', 2: 'Renovation request', 3: 'Venue booking', 4: 'Visitor registration' },
  activity_type: { 1: 'Festival', 2: 'Parent and child', 3: 'Culture and sport', 4: 'Charity', 5: 'Other' },
  elevator_type: { 1: 'Passenger', 2: 'Freight', 3: 'Firefighter', 4: 'Escalator' },
  hydrant_type: { 1: 'Indoor hydrant', 2: 'Outdoor hydrant above ground', 3: 'Outdoor hydrant below ground' },
  supplier_type: { 1: 'Cleaning', 2: 'Landscaping', 3: 'Security', 4: 'Maintenance', 5: 'Supplies' },
};

/** The name of a dictionary entry in `locale`: the English one the console knows, else the server's words. */
export function dictLabel(locale: Locale, code: string, key: string, serverValue: string): string {
  if (locale !== 'en') return serverValue;
  const entries = Object.hasOwn(DICT_LABELS_EN, code) ? DICT_LABELS_EN[code] : undefined;
  return (entries && Object.hasOwn(entries, key) ? entries[key] : undefined) ?? serverValue;
}
