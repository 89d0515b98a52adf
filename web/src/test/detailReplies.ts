import type {
  TAnalysisSource,
  TDetailReply,
  TDetailSource,
  THeadlineSource,
  TReportSource,
} from '@portal/contract';

/** A POST /api/detail reply around `source`. */
export function detailReply<S extends TDetailSource>(
  source: S,
  index: string,
  extra: Partial<Omit<TDetailReply<S>, 'detail_info'>> = {},
): TDetailReply<S> {
  return {
    detail_info: { _id: '7', _index: index, _source: source },
    favorite_status: 0,
    insight_topic_shortcut_status: 0,
    usefulness_status: 0,
    organ_detail_menu: 1,
    is_login: true,
    ...extra,
  };
}

export function reportSource(patch: Partial<TReportSource> = {}): TReportSource {
  return {
    title: '2026 新能源汽车行业报告',
    content_id: 'r7',
    cover: '',
    sourceType: '行业研究',
    industry: '汽车',
    create_time: '2026-11-01 08:00:00',
    description: '报告摘要',
    company: [
      { company_id: 11, name: '已入驻机构', status: 0 },
      { company_id: 12, name: '未入驻机构', status: 1 },
    ],
    files: [{ name: 'r7.pdf', url: '/files/r7.pdf', ext: 'pdf' }],
    pdf_image: ['/files/r7-1.png', '/files/r7-2.png'],
    pdf_layout: ['/files/r7-1.json', '/files/r7-2.json'],
    pdf_layouts: '/files/r7-layouts.json',
    page_count: 2,
    material_url: '',
    tag: [],
    abstract: '',
    toc: [],
    ...patch,
  };
}

export function headlineSource(patch: Partial<THeadlineSource> = {}): THeadlineSource {
  return {
    title: '某公司发布新品',
    description: '头条摘要',
    publish_time: '2026-11-02 09:00:00',
    time_format: '1天前',
    source_name: '示例财经',
    source_url: 'https://news.example.com/a',
    content: '<p>正文</p>',
    ...patch,
  };
}

export function analysisSource(patch: Partial<TAnalysisSource> = {}): TAnalysisSource {
  return {
    title: '用户画像分析',
    target: '了解用户',
    creator: '分析师',
    create_time: '2026-11-03 10:00:00',
    anal_type: 'excel',
    anal_data_ext: 'excel',
    anal_data_info: { url: '', work_book: '', tab_visible: true, tool_bar_visible: true },
    quote_data_info: [],
    ...patch,
  };
}
