import { Link, useSearchParams } from 'react-router';
import { Button, Empty } from 'antd';
import '../../../components/PagePlaceholder.css';
import { FAVORITES_TEXT } from '../texts.ts';

/** /self/collect_404?tips=…: a favourite that is gone, or a page that needs authorization. */
export function Collect404Page() {
  const [params] = useSearchParams();
  const tips = params.get('tips')?.trim() || FAVORITES_TEXT.goneDefaultTips;
  return (
    <section className="page">
      <title>{`${FAVORITES_TEXT.goneTitle} - 洞察门户`}</title>
      <div className="page__panel">
        <Empty description={tips}>
          <Link to="/collection">
            <Button type="primary">{FAVORITES_TEXT.backToCollection}</Button>
          </Link>
        </Empty>
      </div>
    </section>
  );
}
