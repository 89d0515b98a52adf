import { useState } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  ContactType,
  MSG,
  PRODUCT_CONTENT_PAGE_SIZE,
  PRODUCT_GRID_PAGE_SIZE,
  type TContactType,
  type TProductDetail,
} from '@portal/contract';
import { CardGrid } from '../../../components/CardGrid.tsx';
import { SandboxedHtml } from '../../../components/SandboxedHtml.tsx';
import { DetailStatus } from '../../../entities/detail/components/DetailStatus.tsx';
import { detailFailure } from '../../../entities/detail/detailError.ts';
import { organKeys, useCompanyProducts, useProductContents, useProductDetail } from '../api.ts';
import { Breadcrumb } from '../components/Breadcrumb.tsx';
import { LazyContactDialog } from '../components/LazyContactDialog.tsx';
import { OrganLogo } from '../../../components/OrganLogo.tsx';
import { Pager } from '../components/Pager.tsx';
import { ProductCard } from '../components/ProductCard.tsx';
import { ProductGallery } from '../components/ProductGallery.tsx';
import { RelatedContentGrid } from '../components/RelatedContentGrid.tsx';
import { mustLeaveProductPage, organPaths } from '../organPaths.ts';
import { ORGAN_TEXT } from '../texts.ts';
import '../../../entities/detail/components/Detail.css';
import '../components/Organ.css';

const CONTENT_ANCHOR = 'product-content';

function RelatedSection({ product }: { product: TProductDetail }) {
  const [page, setPage] = useState(1);
  const query = useProductContents(product.product_id, page, PRODUCT_CONTENT_PAGE_SIZE);
  return (
    <section className="detail-card" aria-labelledby="product-related">
      <h2 id="product-related" className="detail-section__title">
        {ORGAN_TEXT.relatedContent}
      </h2>
      {query.isPending ? (
        <p className="organ-status" role="status">
          {MSG.loading}
        </p>
      ) : query.isError ? (
        <p className="organ-status" role="alert">
          {ORGAN_TEXT.loadFailed}
        </p>
      ) : (
        <>
          <RelatedContentGrid
            items={query.data.data}
            companyId={product.company_id}
            organName={product.company_name}
            isAuthorize={product.is_authorize}
          />
          <Pager
            page={page}
            pageSize={PRODUCT_CONTENT_PAGE_SIZE}
            total={query.data.total_size}
            onChange={setPage}
          />
        </>
      )}
    </section>
  );
}

function ProductsSection({ product }: { product: TProductDetail }) {
  const [page, setPage] = useState(1);
  const query = useCompanyProducts(product.company_id, page, PRODUCT_GRID_PAGE_SIZE);
  if (!query.data || query.data.total_size <= 1) {
    return null;
  }
  return (
    <section className="detail-card" aria-labelledby="product-more">
      <h2 id="product-more" className="detail-section__title">
        {ORGAN_TEXT.moreProducts}
      </h2>
      <CardGrid
        items={query.data.data}
        getKey={(p) => p.product_id}
        renderItem={(p) => <ProductCard product={p} current={p.product_id === product.product_id} />}
        label={ORGAN_TEXT.moreProducts}
      />
      <Pager page={page} pageSize={PRODUCT_GRID_PAGE_SIZE} total={query.data.total_size} onChange={setPage} />
    </section>
  );
}

/** 机构产品 (/organ/organProduct/:product_id?product_id&company_id[&authorization_required]). */
export function OrganProductPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const productId = params.product_id ?? search.get('product_id') ?? '';
  const companyId = search.get('company_id') ?? '';
  const query = useProductDetail(productId, companyId);
  const [dialog, setDialog] = useState<TContactType | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  if (query.isPending) {
    return <DetailStatus kind="loading" />;
  }
  if (query.isError) {
    return <DetailStatus kind={detailFailure(query.error)} onRetry={() => void query.refetch()} />;
  }
  const product = query.data;
  if (mustLeaveProductPage(product.is_authorize, search.get('authorization_required'))) {
    return <Navigate replace to={organPaths.needAuthorization()} />;
  }

  const submitted = (type: TContactType) => {
    setDialog(null);
    if (type !== ContactType.moreInfo) {
      return;
    }
    // Spec §4: the more-information form goes on to the product detail (now authorised).
    void queryClient.invalidateQueries({ queryKey: organKeys.all });
    void navigate(`${organPaths.product(product.product_id, product.company_id)}#${CONTENT_ANCHOR}`);
    requestAnimationFrame(() =>
      document.getElementById(CONTENT_ANCHOR)?.scrollIntoView({ behavior: 'smooth' }),
    );
  };
  const images = product.meterials;

  return (
    <article className="detail organ-product" aria-labelledby="product-title">
      <title>{`${product.title} - ${product.company_name} - 洞察门户`}</title>
      <Breadcrumb
        items={[
          { label: ORGAN_TEXT.organisations, to: organPaths.list() },
          { label: product.company_name, to: organPaths.detail(product.company_id) },
          { label: product.title },
        ]}
      />
      <div className="detail-card organ-product__head">
        {images.length > 0 ? (
          <ProductGallery items={images} title={product.title} />
        ) : (
          product.cover && <img className="organ-product__cover" src={product.cover} alt="" />
        )}
        <div className="organ-product__info">
          <h1 id="product-title" className="detail__title">
            {product.title}
          </h1>
          <p className="organ-product__company">
            <OrganLogo src={product.company_logo} name={product.company_name} size={28} />
            <span>{product.company_name}</span>
            {product.is_certification === 1 && <span className="organ-badge">{ORGAN_TEXT.certified}</span>}
          </p>
          <p className="organ-tile__meta">
            {ORGAN_TEXT.publishTime}：{product.create_time.slice(0, 10)}
          </p>
          {product.is_certification === 1 && (
            <div className="detail-actions">
              <button
                type="button"
                className="detail-btn detail-btn--primary"
                onClick={() => setDialog(ContactType.moreInfo)}
              >
                {ORGAN_TEXT.moreInfo}
              </button>
              <button type="button" className="detail-btn" onClick={() => setDialog(ContactType.contact)}>
                {ORGAN_TEXT.contactUs}
              </button>
            </div>
          )}
        </div>
      </div>
      <section id={CONTENT_ANCHOR} className="detail-card" aria-labelledby="product-content-title">
        <h2 id="product-content-title" className="detail-section__title">
          {ORGAN_TEXT.productContent}
        </h2>
        <SandboxedHtml
          className="organ-richtext"
          html={product.content}
          title={`${product.title} ${ORGAN_TEXT.productContent}`}
        />
      </section>
      <RelatedSection product={product} />
      <ProductsSection product={product} />
      <LazyContactDialog
        open={dialog !== null}
        onClose={() => setDialog(null)}
        onSubmitted={submitted}
        type={dialog ?? ContactType.contact}
        companyId={product.company_id}
        productId={product.product_id}
        organName={product.company_name}
      />
    </article>
  );
}
