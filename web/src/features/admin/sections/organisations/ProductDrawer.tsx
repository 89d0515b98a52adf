import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { validateAdminTitle, validateProductText, type TAdminProductDetail } from '@portal/contract';
import {
  App,
  Breadcrumb,
  Button,
  Divider,
  Drawer,
  Flex,
  Form,
  Input,
  InputNumber,
  Space,
  Spin,
  Tag,
  Upload,
} from 'antd';
import { useEffect, useState } from 'react';
import { contractRule } from '../../components/formRules.ts';
import { ADMIN_TEXT } from '../../texts.ts';
import { FileKeyUpload, previewUrl } from './FileKeyUpload.tsx';
import { organisationsApi, organisationsKeys } from './organisationsApi.ts';
import { ORGAN_TEXT } from './organTexts.ts';
import { RelatedContent } from './RelatedContent.tsx';

/** The product to edit ('new' to create one) and the organisation it belongs to; null when closed. */
export type TProductTarget = {
  organisationId: number;
  organisationName: string;
  productId: number | 'new';
} | null;

type TMedia = { type: 1 | 2; url: string; poster_key: string };
type TProductForm = { title: string; cover_key: string; text: string; sort: number; media: TMedia[] };

const MEDIA_STYLE = { width: 120, height: 68, objectFit: 'cover', borderRadius: 4 } as const;

function formValues(d: TAdminProductDetail | null): TProductForm {
  return {
    title: d?.title ?? '',
    cover_key: d?.cover_key ?? '',
    text: d?.text ?? '',
    sort: d?.sort ?? 0,
    media: (d?.media_list ?? []).map((m) => ({
      type: m.type === 2 ? 2 : 1,
      url: m.url,
      poster_key: m.poster_key,
    })),
  };
}

/** One picture or video of the list, with its place and a remove button. */
function MediaUploadButton({ onAdded }: { onAdded: (m: TMedia) => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <Upload
      accept=".jpg,.jpeg,.png,.bmp,.mp4"
      showUploadList={false}
      customRequest={({ file }) => {
        setBusy(true);
        organisationsApi
          .upload(file as File)
          .then((stored) => onAdded({ type: stored.type, url: stored.key, poster_key: '' }))
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    >
      <Button icon={<UploadOutlined />} loading={busy}>
        {ORGAN_TEXT.addMedia}
      </Button>
    </Upload>
  );
}

/**
 * 新建 / 编辑产品 (above the organisation's drawer, with breadcrumbs): title, cover, plain-text
 * body, order, its pictures and videos in order, and — once saved — its related content.
 */
export function ProductDrawer({ target, onClose }: { target: TProductTarget; onClose: () => void }) {
  const [form] = Form.useForm<TProductForm>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [createdId, setCreatedId] = useState<number | null>(null);
  const id = target === null ? 0 : target.productId === 'new' ? (createdId ?? 0) : target.productId;
  const detail = useQuery({
    queryKey: organisationsKeys.product(id),
    queryFn: () => organisationsApi.product(id),
    enabled: id > 0,
    staleTime: 0,
  });
  const loaded = detail.data ?? null;

  useEffect(() => {
    setCreatedId(null);
  }, [target]);
  useEffect(() => {
    if (target !== null) {
      form.setFieldsValue(formValues(id > 0 ? loaded : null));
    }
  }, [target, id, loaded, form]);

  const save = async (values: TProductForm) => {
    if (target === null) {
      return;
    }
    const body = { ...values, sort: values.sort ?? 0, media: values.media ?? [] };
    try {
      if (id === 0) {
        setCreatedId((await organisationsApi.createProduct(target.organisationId, body)).id);
      } else if (loaded) {
        await organisationsApi.updateProduct(id, { ...body, version: loaded.version });
      }
    } catch {
      return;
    }
    void message.success(ADMIN_TEXT.saved);
    await queryClient.invalidateQueries({ queryKey: organisationsKeys.all });
  };

  const title = id === 0 ? ORGAN_TEXT.newProduct : ORGAN_TEXT.editProduct(loaded?.title ?? '');
  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      size={600}
      destroyOnHidden
      title={
        <Breadcrumb
          items={[
            { title: ORGAN_TEXT.breadcrumbOrgans },
            { title: target?.organisationName ?? '' },
            { title },
          ]}
        />
      }
      extra={
        <Space>
          <Button onClick={onClose}>{ADMIN_TEXT.cancel}</Button>
          <Button type="primary" onClick={() => form.submit()} disabled={id > 0 && !loaded}>
            {ADMIN_TEXT.save}
          </Button>
        </Space>
      }
    >
      {id > 0 && detail.isPending ? <Spin /> : null}
      <Form form={form} layout="vertical" onFinish={(values) => void save(values)} preserve={false}>
        <Form.Item name="title" label={ORGAN_TEXT.fieldTitle} rules={[contractRule(validateAdminTitle)]}>
          <Input />
        </Form.Item>
        <Form.Item name="cover_key" label={ORGAN_TEXT.fieldCover}>
          <FileKeyUpload upload={organisationsApi.upload} alt={ORGAN_TEXT.fieldCover} />
        </Form.Item>
        <Form.Item
          name="text"
          label={ORGAN_TEXT.fieldText}
          extra={ORGAN_TEXT.textHint}
          rules={[contractRule(validateProductText)]}
        >
          <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} />
        </Form.Item>
        <Form.Item name="sort" label={ORGAN_TEXT.fieldSort}>
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
        <Form.Item label={ORGAN_TEXT.media} extra={ORGAN_TEXT.mediaHint}>
          <Form.List name="media">
            {(fields, { add, remove, move }) => (
              <Flex vertical gap={8}>
                {fields.map((field, index) => {
                  const m = form.getFieldValue(['media', field.name]) as TMedia | undefined;
                  const url = previewUrl(m?.url ?? '');
                  return (
                    <Flex key={field.key} gap={8} align="center" wrap>
                      {m?.type === 2 ? (
                        <video
                          src={url}
                          style={MEDIA_STYLE}
                          muted
                          controls
                          aria-label={ORGAN_TEXT.mediaVideo}
                        />
                      ) : (
                        <img src={url} alt={ORGAN_TEXT.mediaImage} style={MEDIA_STYLE} />
                      )}
                      <Tag>{m?.type === 2 ? ORGAN_TEXT.mediaVideo : ORGAN_TEXT.mediaImage}</Tag>
                      <Button
                        type="text"
                        icon={<ArrowUpOutlined />}
                        aria-label={ORGAN_TEXT.moveUp}
                        disabled={index === 0}
                        onClick={() => move(index, index - 1)}
                      />
                      <Button
                        type="text"
                        icon={<ArrowDownOutlined />}
                        aria-label={ORGAN_TEXT.moveDown}
                        disabled={index === fields.length - 1}
                        onClick={() => move(index, index + 1)}
                      />
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={ORGAN_TEXT.clear}
                        onClick={() => remove(field.name)}
                      />
                    </Flex>
                  );
                })}
                <div>
                  <MediaUploadButton onAdded={(media) => add(media)} />
                </div>
              </Flex>
            )}
          </Form.List>
        </Form.Item>
      </Form>
      {loaded ? (
        <>
          <Divider titlePlacement="start">{ORGAN_TEXT.related}</Divider>
          <RelatedContent product={loaded} />
        </>
      ) : null}
    </Drawer>
  );
}
