import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CONTENT_INDEXES, detailApi, MSG, requestedPage } from '@portal/contract';
import { notify } from '../../../api/notify.ts';
import { ResponsiveImage } from '../../../components/ResponsiveImage.tsx';
import { useIsMobile } from '../../../components/useIsMobile.ts';
import { downloadFile } from '../../../components/downloadFile.ts';
import { termsOfQuery } from '../../../components/pageHit.ts';
import { useDetail } from '../../../entities/detail/api.ts';
import { DetailStatus } from '../../../entities/detail/components/DetailStatus.tsx';
import { FavoriteButton } from '../../../entities/detail/components/FavoriteButton.tsx';
import { QrCode } from '../../../entities/detail/components/QrCode.tsx';
import { LazyRecommendations } from '../../../entities/detail/components/LazyRecommendations.tsx';
import { UsefulButton } from '../../../entities/detail/components/UsefulButton.tsx';
import { detailFailure } from '../../../entities/detail/detailError.ts';
import { useDetailParams } from '../../../entities/detail/useDetailParams.ts';
import { usePageParam } from '../../../entities/detail/usePageParam.ts';
import { logReportDownload } from '../api.ts';
import { REPORT_TEXT } from '../texts.ts';
import { CompanyLinks } from './CompanyLinks.tsx';
import { MobilePages } from './MobilePages.tsx';
import { ReportOutline } from './ReportOutline.tsx';
import '../../../entities/detail/components/Detail.css';
import './ReportDetail.css';

// The reader dialog (and pdf.js behind it) loads on the first click of 阅读报告 or a page link.
const ReportReader = lazy(async () => ({ default: (await import('./ReportReader.tsx')).ReportReader }));

/** The cover's width (ReportDetail.css): 96 px on a phone, 180 px beside the title on a desktop. */
const COVER_SIZES = '(max-width: 991px) 96px, 180px';

type TReportDetailProps = {
  /** Issue 5 plugs the folder dialog in here. */
  onFavorite?: () => void;
};

/** 报告详情 (spec §2 "Report detail"). */
export function ReportDetail({ onFavorite }: TReportDetailProps) {
  const { id, index } = useDetailParams(CONTENT_INDEXES.report);
  const query = useDetail(detailApi.report, id, index);
  const mobile = useIsMobile();
  const [reading, setReading] = useState(false);
  const failure = query.isError ? detailFailure(query.error) : null;

  // ?page=N (a page link, 跳转到第 N 页): the reader opens there; beyond the last page, the last.
  const pageParam = usePageParam();
  const pageCount = query.data?.detail_info._source.page_count;
  const target = pageCount === undefined ? null : requestedPage(pageParam.raw, pageCount);
  // A new object on every navigation, so asking for the same page again jumps again.
  // A search hit's link also names the words to mark on that page (&hl=, issue 19).
  const [search] = useSearchParams();
  const terms = termsOfQuery(search).join(' ');
  const jump = useMemo(
    () => (target === null ? null : { page: target, terms: terms === '' ? [] : terms.split(' ') }),
    [target, terms, pageParam.key],
  );
  useEffect(() => {
    if (jump && !mobile) {
      setReading(true);
    }
  }, [jump, mobile]);

  useEffect(() => {
    if (failure === 'error') {
      notify.error(MSG.reportLoadFailed);
    }
  }, [failure]);

  if (query.isPending) {
    return <DetailStatus kind="loading" />;
  }
  if (failure) {
    return <DetailStatus kind={failure} onRetry={() => void query.refetch()} />;
  }
  if (!query.data) {
    return <DetailStatus kind="notFound" />;
  }

  const reply = query.data;
  const source = reply.detail_info._source;
  const pdf = source.files[0];
  const fileName = `${source.title}.pdf`;
  const download = async () => {
    if (!pdf) {
      return;
    }
    await logReportDownload(id, index);
    downloadFile(pdf.url, fileName);
  };

  return (
    <article className="detail report-detail" aria-labelledby="report-title">
      <title>{`${source.title} - ${REPORT_TEXT.detailsTitle} - 洞察门户`}</title>
      <div className="detail-card report-detail__head">
        {source.cover && (
          <ResponsiveImage
            className="report-detail__cover"
            src={source.cover}
            sizes={COVER_SIZES}
            alt={REPORT_TEXT.cover}
            width={180}
            height={254}
            priority
          />
        )}
        <div className="report-detail__info">
          <h1 id="report-title" className="detail__title">
            {source.title}
          </h1>
          <dl className="detail-meta">
            {source.sourceType && (
              <>
                <dt>{REPORT_TEXT.sourceType}</dt>
                <dd>{source.sourceType}</dd>
              </>
            )}
            {source.industry && (
              <>
                <dt>{REPORT_TEXT.industry}</dt>
                <dd>{source.industry}</dd>
              </>
            )}
            <dt>{REPORT_TEXT.publishTime}</dt>
            <dd>{source.create_time}</dd>
            {source.page_count > 0 && (
              <>
                <dt>{REPORT_TEXT.pageCount}</dt>
                <dd>{REPORT_TEXT.pageTotal(source.page_count)}</dd>
              </>
            )}
            {source.company.length > 0 && (
              <>
                <dt>{REPORT_TEXT.companies}</dt>
                <dd>
                  <CompanyLinks companies={source.company} organDetailMenu={reply.organ_detail_menu} />
                </dd>
              </>
            )}
          </dl>
          {/* The abstract below says more; the short description stands in when there is none. */}
          {source.description && source.abstract === '' && (
            <p className="report-detail__desc">{source.description}</p>
          )}
          <div className="detail-actions">
            {pdf && !mobile && (
              <button
                type="button"
                className="detail-btn detail-btn--primary"
                onClick={() => setReading(true)}
              >
                {REPORT_TEXT.read}
              </button>
            )}
            {pdf && (
              <button type="button" className="detail-btn" onClick={() => void download()}>
                {REPORT_TEXT.download}
              </button>
            )}
            <UsefulButton id={id} index={index} initial={reply.usefulness_status} />
            <FavoriteButton status={reply.favorite_status} onFavorite={onFavorite} />
          </div>
        </div>
        <div className="report-detail__qr">
          <QrCode type="wxqrcode_report_detail" id={id} index={index} />
        </div>
      </div>
      <ReportOutline
        abstract={source.abstract}
        toc={source.toc}
        tag={source.tag}
        page_count={source.page_count}
      />
      {mobile && source.pdf_image.length > 0 && (
        <MobilePages
          images={source.pdf_image}
          layouts={source.pdf_layout}
          allLayouts={source.pdf_layouts}
          jump={jump}
        />
      )}
      {pdf && !mobile && reading && (
        <Suspense fallback={null}>
          <ReportReader
            id={id}
            index={index}
            onClose={() => {
              setReading(false);
              if (pageParam.raw !== null) {
                pageParam.clear();
              }
            }}
            title={source.title}
            url={pdf.url}
            thumbnails={source.pdf_image}
            fileName={fileName}
            onDownload={() => void download()}
            jump={jump}
          />
        </Suspense>
      )}
      <LazyRecommendations id={id} index={index} />
    </article>
  );
}
