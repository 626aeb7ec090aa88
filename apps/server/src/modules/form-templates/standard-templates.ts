import type { TPrimaryUserType } from '@esigns/contracts/form-templates';
import type { TFormFieldInput } from '@esigns/contracts/nocode-fields';
import { ZFormFields, type TPlacedFormField } from '@esigns/contracts/nocode-template-check';

/*
 * The STANDARD templates built into the product (`default-templates`): ready-made field sets a
 * company uses as they are (contacts and accounts read their primary fields from the first two)
 * or copies and adapts (`duplicateFormTemplate`). Ids never change: records and entities of every
 * company may point at them. Definitions are checked by the same `ZFormFields` as any template.
 */

export type StandardTemplate = {
  id: string;
  name: string;
  code: string;
  description: string;
  icon: string;
  primaryForUserType: TPrimaryUserType | null;
  isRepeatable: boolean;
  fields: TPlacedFormField[];
};

type FieldInput = TFormFieldInput & { layout?: { x: number; y: number; w: number; h: number } };

/** Lays fields out two per row (`w` 6) unless a field asks for the full width. */
function grid(fields: (FieldInput & { full?: boolean })[]): FieldInput[] {
  let x = 0;
  let y = 0;
  return fields.map(({ full, ...field }) => {
    const w = full ? 12 : 6;
    if (x + w > 12) {
      x = 0;
      y += 1;
    }
    const placed = { ...field, layout: { x, y, w, h: 1 } } as FieldInput;
    x += w;
    if (x >= 12) {
      x = 0;
      y += 1;
    }
    return placed;
  });
}

const options = (...values: string[]) => values.map((value) => ({ value }));

const INDIAN_STATES = options(
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chhattisgarh',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
  'Andaman and Nicobar Islands',
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Jammu and Kashmir',
  'Ladakh',
  'Lakshadweep',
  'Puducherry',
);

const GSTIN = '\\d{2}[A-Z]{5}\\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]';
const PAN = '[A-Z]{5}\\d{4}[A-Z]';

const DEFINITIONS: (Omit<StandardTemplate, 'fields'> & { fields: FieldInput[] })[] = [
  {
    id: '5a0e7e11-0000-4000-8000-000000000001',
    name: 'Contact details',
    code: 'contact-details',
    description: 'A person: name, email, phone and a photo. The primary fields of contacts.',
    icon: 'user',
    primaryForUserType: 'INDIVIDUAL',
    isRepeatable: false,
    fields: grid([
      {
        key: 'first_name',
        label: 'First name',
        type: 'SINGLE_LINE_TEXT',
        required: true,
        is_primary: true,
        max_length: 100,
      },
      { key: 'last_name', label: 'Last name', type: 'SINGLE_LINE_TEXT', is_primary: true, max_length: 100 },
      { key: 'email', label: 'Email', type: 'EMAIL', required: true, is_primary: true },
      { key: 'phone', label: 'Phone', type: 'PHONE' },
      { key: 'title', label: 'Title / designation', type: 'SINGLE_LINE_TEXT', max_length: 100 },
      { key: 'date_of_birth', label: 'Date of birth', type: 'DATE', max_date: 'TODAY' },
      {
        key: 'gender',
        label: 'Gender',
        type: 'SELECT',
        options: options('Female', 'Male', 'Other', 'Prefer not to say'),
      },
      { key: 'photo', label: 'Photo', type: 'IMAGE', max_size_mb: 5 },
    ]),
  },
  {
    id: '5a0e7e11-0000-4000-8000-000000000002',
    name: 'Company details',
    code: 'company-details',
    description:
      'An organisation: name, tax ids (GSTIN, PAN), contact points and logo. The primary fields of accounts.',
    icon: 'building',
    primaryForUserType: 'BUSINESS',
    isRepeatable: false,
    fields: grid([
      {
        key: 'company_name',
        label: 'Company name',
        type: 'SINGLE_LINE_TEXT',
        required: true,
        is_primary: true,
        max_length: 200,
      },
      { key: 'legal_name', label: 'Legal name', type: 'SINGLE_LINE_TEXT', max_length: 200 },
      {
        key: 'industry',
        label: 'Industry',
        type: 'SELECT',
        options: options(
          'Real estate',
          'Construction',
          'IT and software',
          'Manufacturing',
          'Retail',
          'Healthcare',
          'Education',
          'Finance',
          'Other',
        ),
      },
      { key: 'website', label: 'Website', type: 'URL' },
      { key: 'email', label: 'Email', type: 'EMAIL' },
      { key: 'phone', label: 'Phone', type: 'PHONE' },
      {
        key: 'gstin',
        label: 'GSTIN',
        type: 'SINGLE_LINE_TEXT',
        pattern: GSTIN,
        pattern_message: 'A GSTIN has 15 characters, e.g. 27AAPFU0939F1ZV',
        placeholder: '27AAPFU0939F1ZV',
      },
      {
        key: 'pan',
        label: 'PAN',
        type: 'SINGLE_LINE_TEXT',
        pattern: PAN,
        pattern_message: 'A PAN has 10 characters, e.g. AAPFU0939F',
        placeholder: 'AAPFU0939F',
      },
      { key: 'employees', label: 'Employees', type: 'NUMBER', decimals: 0, min: 0 },
      { key: 'logo', label: 'Logo', type: 'IMAGE', max_size_mb: 2 },
    ]),
  },
  {
    id: '5a0e7e11-0000-4000-8000-000000000003',
    name: 'Address',
    code: 'address',
    description: 'A postal address in India with its PIN code and a map location.',
    icon: 'map-pin',
    primaryForUserType: null,
    isRepeatable: false,
    fields: grid([
      {
        key: 'address_line_1',
        label: 'Address line 1',
        type: 'SINGLE_LINE_TEXT',
        required: true,
        full: true,
        max_length: 200,
      },
      {
        key: 'address_line_2',
        label: 'Address line 2',
        type: 'SINGLE_LINE_TEXT',
        full: true,
        max_length: 200,
      },
      { key: 'city', label: 'City', type: 'SINGLE_LINE_TEXT', required: true, max_length: 100 },
      {
        key: 'state',
        label: 'State / union territory',
        type: 'SELECT',
        required: true,
        options: INDIAN_STATES,
      },
      {
        key: 'pin_code',
        label: 'PIN code',
        type: 'SINGLE_LINE_TEXT',
        required: true,
        pattern: '[1-9]\\d{5}',
        pattern_message: 'A PIN code has 6 digits',
        max_length: 6,
      },
      { key: 'country', label: 'Country', type: 'SINGLE_LINE_TEXT', default_value: 'India', max_length: 100 },
      { key: 'location', label: 'Location', type: 'LOCATION', full: true },
    ]),
  },
  {
    id: '5a0e7e11-0000-4000-8000-000000000004',
    name: 'Bank details',
    code: 'bank-details',
    description: 'An Indian bank account for payouts: account number, IFSC, UPI id and a cancelled cheque.',
    icon: 'bank',
    primaryForUserType: null,
    isRepeatable: false,
    fields: grid([
      {
        key: 'account_holder_name',
        label: 'Account holder name',
        type: 'SINGLE_LINE_TEXT',
        required: true,
        max_length: 200,
      },
      { key: 'bank_name', label: 'Bank name', type: 'SINGLE_LINE_TEXT', required: true, max_length: 100 },
      {
        key: 'account_number',
        label: 'Account number',
        type: 'SINGLE_LINE_TEXT',
        required: true,
        pattern: '\\d{9,18}',
        pattern_message: 'An account number has 9 to 18 digits',
      },
      {
        key: 'ifsc_code',
        label: 'IFSC code',
        type: 'SINGLE_LINE_TEXT',
        required: true,
        pattern: '[A-Z]{4}0[A-Z0-9]{6}',
        pattern_message: 'An IFSC has 11 characters, e.g. HDFC0001234',
        placeholder: 'HDFC0001234',
      },
      {
        key: 'account_type',
        label: 'Account type',
        type: 'RADIO',
        options: options('Savings', 'Current'),
        default_value: 'Savings',
      },
      { key: 'branch', label: 'Branch', type: 'SINGLE_LINE_TEXT', max_length: 100 },
      {
        key: 'upi_id',
        label: 'UPI id',
        type: 'SINGLE_LINE_TEXT',
        pattern: '[a-zA-Z0-9.\\-_]{2,256}@[a-zA-Z]{2,64}',
        pattern_message: 'A UPI id looks like name@bank',
        placeholder: 'name@okhdfcbank',
      },
      {
        key: 'cancelled_cheque',
        label: 'Cancelled cheque',
        type: 'FILE',
        allowed_file_types: ['application/pdf', 'image/*'],
        max_size_mb: 5,
      },
    ]),
  },
  {
    id: '5a0e7e11-0000-4000-8000-000000000005',
    name: 'Property',
    code: 'property',
    description:
      'A property listing in India: type, sale price or rent in INR, carpet area, BHK, amenities and photos.',
    icon: 'home',
    primaryForUserType: null,
    isRepeatable: false,
    fields: grid([
      {
        key: 'title',
        label: 'Title',
        type: 'SINGLE_LINE_TEXT',
        required: true,
        is_primary: true,
        full: true,
        max_length: 200,
        placeholder: '3 BHK apartment in Whitefield',
      },
      {
        key: 'property_type',
        label: 'Property type',
        type: 'SELECT',
        required: true,
        options: options('Apartment', 'Villa', 'Independent house', 'Plot', 'Office', 'Shop', 'Warehouse'),
      },
      {
        key: 'listing_type',
        label: 'Listed for',
        type: 'RADIO',
        required: true,
        options: [
          { value: 'SALE', label: 'Sale' },
          { value: 'RENT', label: 'Rent' },
        ],
        default_value: 'SALE',
      },
      {
        key: 'price',
        label: 'Price',
        type: 'CURRENCY',
        required: true,
        min: 0,
        decimals: 0,
        visibility: { match: 'ALL', rules: [{ field: 'listing_type', operator: 'EQUALS', value: 'SALE' }] },
      },
      {
        key: 'monthly_rent',
        label: 'Monthly rent',
        type: 'CURRENCY',
        required: true,
        min: 0,
        decimals: 0,
        visibility: { match: 'ALL', rules: [{ field: 'listing_type', operator: 'EQUALS', value: 'RENT' }] },
      },
      {
        key: 'security_deposit',
        label: 'Security deposit',
        type: 'CURRENCY',
        min: 0,
        decimals: 0,
        visibility: { match: 'ALL', rules: [{ field: 'listing_type', operator: 'EQUALS', value: 'RENT' }] },
      },
      {
        key: 'carpet_area',
        label: 'Carpet area (sq ft)',
        type: 'NUMBER',
        required: true,
        min: 1,
        decimals: 2,
      },
      { key: 'built_up_area', label: 'Built-up area (sq ft)', type: 'NUMBER', min: 1, decimals: 2 },
      {
        key: 'price_per_sq_ft',
        label: 'Price per sq ft',
        type: 'FORMULA',
        expression: '{price} / {carpet_area}',
        result_type: 'CURRENCY',
        decimals: 0,
      },
      { key: 'bedrooms', label: 'Bedrooms (BHK)', type: 'NUMBER', min: 0, max: 20, decimals: 0 },
      { key: 'bathrooms', label: 'Bathrooms', type: 'NUMBER', min: 0, max: 20, decimals: 0 },
      {
        key: 'furnishing',
        label: 'Furnishing',
        type: 'SELECT',
        options: options('Unfurnished', 'Semi-furnished', 'Fully furnished'),
      },
      {
        key: 'facing',
        label: 'Facing',
        type: 'SELECT',
        options: options(
          'North',
          'East',
          'South',
          'West',
          'North-East',
          'North-West',
          'South-East',
          'South-West',
        ),
      },
      { key: 'floor', label: 'Floor', type: 'NUMBER', min: -5, max: 200, decimals: 0 },
      { key: 'total_floors', label: 'Total floors', type: 'NUMBER', min: 1, max: 200, decimals: 0 },
      {
        key: 'amenities',
        label: 'Amenities',
        type: 'MULTI_SELECT',
        full: true,
        options: options(
          'Lift',
          'Covered parking',
          'Power backup',
          'Gym',
          'Swimming pool',
          '24x7 security',
          'Club house',
          'Garden',
          'Rainwater harvesting',
        ),
      },
      {
        key: 'status',
        label: 'Status',
        type: 'SELECT',
        required: true,
        options: options('Available', 'Under offer', 'Sold', 'Rented'),
        default_value: 'Available',
      },
      { key: 'possession_date', label: 'Possession date', type: 'DATE' },
      { key: 'rera_number', label: 'RERA registration number', type: 'SINGLE_LINE_TEXT', max_length: 50 },
      { key: 'location', label: 'Location', type: 'LOCATION' },
      { key: 'description', label: 'Description', type: 'MULTI_LINE_TEXT', full: true, max_length: 5000 },
      { key: 'photos', label: 'Photos', type: 'IMAGE', max_files: 20, max_size_mb: 10, full: true },
      {
        key: 'brochure',
        label: 'Brochure',
        type: 'FILE',
        allowed_file_types: ['application/pdf'],
        max_size_mb: 20,
      },
    ]),
  },
  {
    id: '5a0e7e11-0000-4000-8000-000000000006',
    name: 'Invoice',
    code: 'invoice',
    description: 'A GST invoice: numbered automatically, line items with amounts, subtotal, GST and total.',
    icon: 'receipt',
    primaryForUserType: null,
    isRepeatable: false,
    fields: grid([
      {
        key: 'invoice_number',
        label: 'Invoice number',
        type: 'AUTO_INCREMENT',
        prefix: 'INV-',
        start: 1,
        padding: 5,
      },
      { key: 'invoice_date', label: 'Invoice date', type: 'DATE', required: true, default_value: 'TODAY' },
      { key: 'due_date', label: 'Due date', type: 'DATE' },
      { key: 'place_of_supply', label: 'Place of supply', type: 'SELECT', options: INDIAN_STATES },
      {
        key: 'items',
        label: 'Items',
        type: 'DATA_TABLE',
        required: true,
        full: true,
        max_rows: 200,
        columns: [
          {
            key: 'description',
            label: 'Description',
            type: 'SINGLE_LINE_TEXT',
            required: true,
            max_length: 200,
          },
          {
            key: 'hsn_sac',
            label: 'HSN/SAC',
            type: 'SINGLE_LINE_TEXT',
            pattern: '\\d{4,8}',
            pattern_message: '4 to 8 digits',
            max_length: 8,
          },
          { key: 'quantity', label: 'Quantity', type: 'NUMBER', required: true, min: 0, decimals: 3 },
          { key: 'rate', label: 'Rate', type: 'CURRENCY', required: true, min: 0 },
          {
            key: 'amount',
            label: 'Amount',
            type: 'FORMULA',
            expression: '{quantity} * {rate}',
            result_type: 'CURRENCY',
          },
        ],
      },
      {
        key: 'subtotal',
        label: 'Subtotal',
        type: 'FORMULA',
        expression: 'SUM({items.amount})',
        result_type: 'CURRENCY',
      },
      { key: 'gst_rate', label: 'GST rate', type: 'PERCENTAGE', default_value: 18 },
      {
        key: 'gst_amount',
        label: 'GST amount',
        type: 'FORMULA',
        expression: '{subtotal} * {gst_rate} / 100',
        result_type: 'CURRENCY',
      },
      {
        key: 'total',
        label: 'Total',
        type: 'FORMULA',
        expression: '{subtotal} + {gst_amount}',
        result_type: 'CURRENCY',
      },
      { key: 'notes', label: 'Notes', type: 'MULTI_LINE_TEXT', full: true, max_length: 2000 },
    ]),
  },
];

/** The built-in templates, their fields checked and placed (a mistake here fails at start-up). */
export const STANDARD_TEMPLATES: readonly StandardTemplate[] = DEFINITIONS.map((definition) => ({
  ...definition,
  fields: ZFormFields.parse(definition.fields),
}));

export const STANDARD_TEMPLATE_CODES: ReadonlySet<string> = new Set(STANDARD_TEMPLATES.map((t) => t.code));
