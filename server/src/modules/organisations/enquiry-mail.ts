import { ContactType, type TContactCreateRequest } from '@portal/contract';

export type EnquiryMailInput = {
  id: number;
  form: TContactCreateRequest;
  organName: string;
  /** '' when the enquiry is about the organisation rather than a product. */
  productTitle: string;
  publicUrl: string;
};

const TYPE_NAMES: Readonly<Record<number, string>> = {
  [ContactType.moreInfo]: '获取更多信息',
  [ContactType.contact]: '联系我们',
};

/** The notification an organisation's contact address receives: plain text, every field labelled. */
export function enquiryMail({ id, form, organName, productTitle, publicUrl }: EnquiryMailInput): {
  subject: string;
  text: string;
} {
  const about = productTitle === '' ? organName : `${organName} · ${productTitle}`;
  const rows: [string, string][] = [
    ['类型', TYPE_NAMES[form.type] ?? String(form.type)],
    ['机构', organName],
    ...(productTitle === '' ? [] : ([['产品', productTitle]] as [string, string][])),
    ['姓名', form.name],
    ['公司', form.company],
    ['部门', form.department],
    ['职位', form.job],
    ['邮箱', form.email],
    ['手机', form.phone || '（未填写）'],
    ...(form.content === '' ? [] : ([['需求说明', form.content]] as [string, string][])),
    ['授权', form.consent ? '已勾选授权信息' : '未勾选'],
  ];
  const text = [
    `您好，${organName}：`,
    '',
    `洞察门户用户通过「${TYPE_NAMES[form.type] ?? ''}」表单向您发送了一条询盘（编号 ${id}）：`,
    '',
    ...rows.map(([label, value]) => `${label}：${value}`),
    '',
    `请尽快与对方联系。此邮件由洞察门户（${publicUrl}）自动发送，请勿直接回复。`,
  ].join('\n');
  return { subject: `【洞察门户】新的询盘：${about}`, text };
}
