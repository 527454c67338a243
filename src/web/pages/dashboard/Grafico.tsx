import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import type { EChartsOption } from 'echarts';
import ReactEChartsCore from 'echarts-for-react/esm/core';

// Only the parts of ECharts the dashboard draws (bars, lines, axes, tooltip, legend, SVG): this module and
// ECharts are their own chunk (vite.config.ts), loaded after the dashboard's cards are painted.
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

/**
 * One dashboard chart. The chart is a picture for screen readers (role img, with the figures in its label);
 * the same figures are in the card and in the list the card links to.
 */
export default function Grafico({ option, altura, descricao, teste }: { option: EChartsOption; altura: number; descricao: string; teste: string }) {
  return (
    <div role="img" aria-label={descricao} data-grafico={teste} style={{ height: altura }}>
      <ReactEChartsCore echarts={echarts} option={option} notMerge lazyUpdate opts={{ renderer: 'svg' }} style={{ height: altura, width: '100%' }} />
    </div>
  );
}
