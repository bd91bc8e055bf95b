import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API lives on the same origin in production; in development Vite forwards /api to it.
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Libraries change less often than the app: their own chunks stay cached across releases.
    // antd alone is larger than Vite's default 500 kB warning, hence the higher limit.
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|@emotion|dayjs)[\\/]/ },
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'libs', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
