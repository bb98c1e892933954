import { memo, useEffect, useState } from 'react';
import { Link as RouterLink } from '@tanstack/react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Commit } from '../../api/types';
import type { GraphLayout, GraphRow, RefLabels } from '../../lib/commit-graph';
import { commitMessage, shortCommitId } from '../../lib/format';
import { RelativeDate } from '../components/RelativeDate';
import { GRAPH_ROW_HEIGHT, graphClass, graphStyles, graphStylesHref, LANE_WIDTH, laneColors } from './commitGraphCss';

/** Rows from the end of the loaded ones at which the next page is asked for. */
const LOAD_AHEAD_ROWS = 50;
/** Lanes drawn at most; a wider graph is cut at the edge rather than crowding out the messages. */
const MAX_DRAWN_LANES = 24;
const NODE_RADIUS = 4;

export interface CommitGraphProps {
  repoId: string;
  layout: GraphLayout<Commit>;
  labels: ReadonlyMap<string, RefLabels>;
  /** Whether a page is loading: its end makes the graph ask again if the end of the rows is still in view. */
  loadingMore: boolean;
  onLoadMore: () => void;
  maxHeight?: string;
}

const x = (lane: number) => LANE_WIDTH / 2 + lane * LANE_WIDTH;
const color = (lane: number) => laneColors[lane % laneColors.length];
const MID = GRAPH_ROW_HEIGHT / 2;

/** A segment from (x1, y1) to (x2, y2): straight when vertical, else an S-curve that leaves and arrives upright. */
function segment(x1: number, y1: number, x2: number, y2: number): string {
  if (x1 === x2) return `M${x1} ${y1}V${y2}`;
  const bend = (y1 + y2) / 2;
  return `M${x1} ${y1}C${x1} ${bend} ${x2} ${bend} ${x2} ${y2}`;
}

/** One row's lanes: the ones running through, the children's edges into the node, the parents' edges out of it. */
function RowLanes({ row, width }: { row: GraphRow<Commit>; width: number }) {
  const node = x(row.lane);
  return (
    <svg className={graphClass.graph} width={width} height={GRAPH_ROW_HEIGHT} aria-hidden="true" focusable="false">
      {row.through.map((lane) => (
        <path key={`t${lane}`} d={segment(x(lane), 0, x(lane), GRAPH_ROW_HEIGHT)} stroke={color(lane)} strokeWidth="2" fill="none" />
      ))}
      {row.incoming.map((lane) => (
        <path key={`i${lane}`} d={segment(x(lane), 0, node, MID)} stroke={color(lane)} strokeWidth="2" fill="none" />
      ))}
      {row.outgoing.map((lane) => (
        <path key={`o${lane}`} d={segment(node, MID, x(lane), GRAPH_ROW_HEIGHT)} stroke={color(lane)} strokeWidth="2" fill="none" />
      ))}
      <circle
        data-node=""
        cx={node}
        cy={MID}
        r={row.commit.parents.length > 1 ? NODE_RADIUS + 1 : NODE_RADIUS}
        fill={row.commit.parents.length > 1 ? 'var(--chakra-colors-bg)' : color(row.lane)}
        stroke={color(row.lane)}
        strokeWidth="2"
      />
    </svg>
  );
}

interface RowProps {
  repoId: string;
  row: GraphRow<Commit>;
  labels: RefLabels | undefined;
  graphWidth: number;
  index: number;
  start: number;
}

/**
 * One commit: a link to its page holding the lanes, its branch and tag labels, message, committer, age and short
 * id. The link's text names the commit and its refs for a screen reader; the drawing is decorative.
 */
const Row = memo(function Row({ repoId, row, labels, graphWidth, index, start }: RowProps) {
  const { commit } = row;
  return (
    <div role="listitem" data-index={index} style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${start}px)` }}>
      <RouterLink
        className={graphClass.row}
        to="/repositories/$repoId/commits/$commitId"
        params={{ repoId, commitId: commit.id }}
        title={commitMessage(commit.message)}
      >
        <RowLanes row={row} width={graphWidth} />
        {labels && (labels.branches.length > 0 || labels.tags.length > 0) && (
          <span className={graphClass.labels}>
            {labels.branches.map((name) => (
              <span key={`b${name}`} className={graphClass.branch}>
                <span className={graphClass.hidden}>branch </span>
                {name}
              </span>
            ))}
            {labels.tags.map((name) => (
              <span key={`t${name}`} className={graphClass.tag}>
                <span className={graphClass.hidden}>tag </span>
                {name}
              </span>
            ))}
          </span>
        )}
        <span className={graphClass.message}>{commitMessage(commit.message)}</span>
        <span className={graphClass.muted}>{commit.committer || <span className={graphClass.hidden}>no committer</span>}</span>
        <RelativeDate unixSeconds={commit.creation_date} />
        <span className={graphClass.id}>
          <span className={graphClass.hidden}>commit </span>
          {shortCommitId(commit.id)}
        </span>
      </RouterLink>
    </div>
  );
});

/**
 * The history of every branch as a graph, virtualised: only the rows in view (and a few around) are in the DOM,
 * each drawing its own lane segments, and the next page is asked for as the user nears the end of the loaded rows.
 */
export function CommitGraph({ repoId, layout, labels, loadingMore, onLoadMore, maxHeight = '70vh' }: CommitGraphProps) {
  // State, not a ref: the virtualizer reads the viewport in its layout effect, before a ref would be attached.
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const rows = layout.rows;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => viewport,
    estimateSize: () => GRAPH_ROW_HEIGHT,
    overscan: 6,
  });
  const items = virtualizer.getVirtualItems();
  const lastVisible = items.at(-1)?.index ?? -1;
  const nearEnd = rows.length > 0 && lastVisible >= rows.length - LOAD_AHEAD_ROWS;
  // Whether a page is due (there is more, none is loading) is the list machine's to decide. A load that ends with the
  // end of the rows still in view asks again.
  useEffect(() => {
    if (nearEnd) onLoadMore();
  }, [nearEnd, loadingMore, onLoadMore]);
  const graphWidth = Math.min(layout.width, MAX_DRAWN_LANES) * LANE_WIDTH;

  return (
    <>
      <style href={graphStylesHref} precedence="default">
        {graphStyles}
      </style>
      <div ref={setViewport} className={graphClass.viewport} style={{ maxHeight }} data-scroll-viewport="">
        <div role="list" aria-label="Commit graph" aria-busy={loadingMore} style={{ position: 'relative', height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <Row
                key={row.commit.id}
                repoId={repoId}
                row={row}
                labels={labels.get(row.commit.id)}
                graphWidth={graphWidth}
                index={item.index}
                start={item.start}
              />
            );
          })}
        </div>
      </div>
    </>
  );
}
