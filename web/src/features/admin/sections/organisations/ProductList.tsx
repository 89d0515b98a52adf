import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { TAdminOrganDetail, TAdminProductRow } from '@portal/contract';
import { App, Button, Flex, List, Typography } from 'antd';
import { ADMIN_TEXT } from '../../texts.ts';
import { organisationsApi, organisationsKeys } from './organisationsApi.ts';
import { ORGAN_TEXT } from './organTexts.ts';
import type { TProductTarget } from './ProductDrawer.tsx';

/** An organisation's products in page order: 编辑 opens the product drawer, 删除 says what goes with it. */
export function ProductList({
  organ,
  onEdit,
}: {
  organ: TAdminOrganDetail;
  onEdit: (target: TProductTarget) => void;
}) {
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const open = (productId: number | 'new') =>
    onEdit({ organisationId: organ.id, organisationName: organ.name, productId });

  const remove = (p: TAdminProductRow) =>
    modal.confirm({
      title: ORGAN_TEXT.confirmDeleteProduct(p.title),
      content: ORGAN_TEXT.deleteProductImpact(p.media, p.contents),
      okText: ADMIN_TEXT.remove,
      okButtonProps: { danger: true },
      cancelText: ADMIN_TEXT.cancel,
      onOk: async () => {
        await organisationsApi.removeProduct(p.id);
        void message.success(ADMIN_TEXT.deleted);
        await queryClient.invalidateQueries({ queryKey: organisationsKeys.all });
      },
    });

  return (
    <>
      <List<TAdminProductRow>
        dataSource={organ.product_list}
        locale={{ emptyText: ADMIN_TEXT.empty }}
        renderItem={(p) => (
          <List.Item
            actions={[
              <Button key="edit" type="link" size="small" onClick={() => open(p.id)}>
                {ADMIN_TEXT.edit}
              </Button>,
              <Button key="remove" type="link" size="small" danger onClick={() => remove(p)}>
                {ADMIN_TEXT.remove}
              </Button>,
            ]}
          >
            <Flex gap={12} align="center">
              {p.cover_url ? (
                <img
                  src={p.cover_url}
                  alt=""
                  style={{ width: 64, height: 40, objectFit: 'cover', borderRadius: 4 }}
                />
              ) : null}
              <Flex vertical>
                <Typography.Text>{p.title}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {ORGAN_TEXT.productCount(p.media, p.contents)}
                </Typography.Text>
              </Flex>
            </Flex>
          </List.Item>
        )}
      />
      <Button type="dashed" block icon={<PlusOutlined />} onClick={() => open('new')}>
        {ORGAN_TEXT.newProduct}
      </Button>
    </>
  );
}
