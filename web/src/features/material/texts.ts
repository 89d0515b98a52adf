/** Chinese texts of the material feature. */
export const MATERIAL_TEXT = {
  listTitle: '素材',
  listLabel: '素材列表',
  detailsTitle: '素材详情',
  /** The length-range filter of the list (seconds). */
  length: { label: '素材时长筛选', min: '最短 (秒)', max: '最长 (秒)', apply: '筛选' },
  info: '素材信息',
  media: '素材内容',
  analyses: '相关分析',
  yes: '是',
  no: '否',
  labels: {
    category: '分类',
    open_screen_type: '开屏类型',
    mockup_type: '样机类型',
    parent_brand: '母品牌',
    product_brand: '产品品牌',
    person_type: '人物类型',
    person_star: '明星',
    style_type: '风格',
    first_exposure_time: '首次曝光时间',
    channel: '渠道',
    is_have_activity: '是否有活动',
  },
} as const;
